/// Colours one line of pretty-printed JSON: keys, strings, numbers and literals.
///
/// Works per visible line (the printer puts at most one key and one scalar on a line), so a
/// huge body costs nothing until its lines are on screen.
public enum JSONLineHighlighter {
    /// `line` split into styled runs.
    public static func spans(_ line: String) -> [(text: String, style: Style)] {
        var spans: [(String, Style)] = []
        let characters = Array(line)
        var index = 0
        var plain = ""
        func flush() {
            if !plain.isEmpty {
                spans.append((plain, .plain))
                plain = ""
            }
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\"" {
                var end = index + 1
                while end < characters.count && characters[end] != "\"" {
                    end += characters[end] == "\\" ? 2 : 1
                }
                end = min(end + 1, characters.count)
                var after = end
                while after < characters.count && characters[after] == " " { after += 1 }
                let isKey = after < characters.count && characters[after] == ":"
                flush()
                spans.append((String(characters[index..<end]), isKey ? Theme.jsonKey : Theme.jsonString))
                index = end
            } else if character == "-" || character.isNumber {
                var end = index
                while end < characters.count && "0123456789+-.eE".contains(characters[end]) { end += 1 }
                flush()
                spans.append((String(characters[index..<end]), Theme.jsonNumber))
                index = end
            } else if let word = ["true", "false", "null"].first(where: { matches($0, characters, at: index) }) {
                flush()
                spans.append((word, Theme.jsonLiteral))
                index += word.count
            } else {
                plain.append(character)
                index += 1
            }
        }
        flush()
        return spans
    }

    private static func matches(_ word: String, _ characters: [Character], at index: Int) -> Bool {
        let letters = Array(word)
        guard index + letters.count <= characters.count else { return false }
        return Array(characters[index..<(index + letters.count)]) == letters
    }
}
