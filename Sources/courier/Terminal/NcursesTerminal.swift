import CNcurses
import CourierCore
import CourierTUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The only object that calls ncurses. Everything runs on the main actor because this
/// ncurses is not reentrant and SIGWINCH reaches the main thread.
@MainActor
final class NcursesTerminal {
    private let colors: Bool
    private let theme: ColorTheme
    private let usesMouse: Bool
    private var attributeCache: [Style: UInt32] = [:]

    /// Starts curses mode: raw keys (Ctrl-C arrives as a key), no echo, non-blocking reads,
    /// a 25 ms Esc delay, colours unless `useColor` is false, and the mouse unless `useMouse`
    /// is false (then the terminal's own selection works as usual), drawn as `theme` says.
    init(useColor: Bool, useMouse: Bool, theme: ColorTheme = .dark) {
        self.theme = theme
        let locale = setlocale(LC_ALL, "").map { String(cString: $0) }
        if locale == nil || locale == "C" || locale == "POSIX" {
            // Without a UTF-8 locale box drawing and CJK break; C.UTF-8 is always present.
            setlocale(LC_ALL, "C.UTF-8")
        }
        initscr()
        raw()
        noecho()
        nonl()
        keypad(courier_stdscr(), true)
        nodelay(courier_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        usesMouse = useMouse
        if useMouse { courier_enable_mouse() }
        colors = useColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
            let count = Int(courier_colors())
            for color in Color.allCases {
                init_pair(Int16(color.rawValue), theme.terminalColor(color, colors: count), -1)
            }
        }
    }

    /// Columns and rows right now.
    var size: (width: Int, height: Int) { (Int(courier_cols()), Int(courier_lines())) }

    /// Every key waiting in the input queue (none when idle).
    func readKeys() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var character: wint_t = 0
        while true {
            let result = get_wch(&character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if Int32(character) == KEY_RESIZE {
                    events.append(.resize)
                } else if Int32(character) == KEY_MOUSE {
                    var (x, y): (Int32, Int32) = (0, 0)
                    switch courier_mouse_event(&x, &y) {
                    case 1: events.append(.mouse(MouseEvent(x: Int(x), y: Int(y), .press)))
                    case 2: events.append(.mouse(MouseEvent(x: Int(x), y: Int(y), .release)))
                    case 3: events.append(.mouse(MouseEvent(x: Int(x), y: Int(y), .drag)))
                    case 4: events.append(.mouse(MouseEvent(x: Int(x), y: Int(y), .wheelUp)))
                    case 5: events.append(.mouse(MouseEvent(x: Int(x), y: Int(y), .wheelDown)))
                    default: break
                    }
                } else if let key = Self.decode(keyCode: Int32(character)) {
                    events.append(.key(key))
                }
            } else if let key = Self.decode(character: UInt32(character)) {
                events.append(.key(key))
            }
        }
        return events
    }

    static func decode(keyCode: Int32) -> Key? {
        switch keyCode {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_NPAGE: return .pageDown
        case KEY_PPAGE: return .pageUp
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(keyCode - KEY_F0))
        default: return nil
        }
    }

    static func decode(character: UInt32) -> Key? {
        switch character {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(UnicodeScalar(UInt8(character) + 96)))
        default:
            guard let scalar = UnicodeScalar(character), character >= 32 else { return nil }
            return .char(Character(scalar))
        }
    }

    /// Draws `buffer`; ncurses sends only the cells that changed.
    func present(_ buffer: ScreenBuffer) {
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                let style = buffer[x, y].style
                var run = ""
                let start = x
                while x < buffer.width, buffer[x, y].style == style {
                    run += buffer[x, y].text
                    x += 1
                }
                attrset(Int32(bitPattern: attributes(style)))
                mvaddstr(Int32(y), Int32(start), run)
            }
        }
        attrset(0)
        refresh()
    }

    private func attributes(_ given: Style) -> UInt32 {
        if let cached = attributeCache[given] { return cached }
        let style = theme.adjusted(given)
        var value: UInt32 = 0
        if style.bold { value |= UInt32(courier_a_bold()) }
        if style.reverse { value |= UInt32(courier_a_reverse()) }
        if style.dim { value |= UInt32(courier_a_dim()) }
        if style.underline { value |= UInt32(courier_a_underline()) }
        if colors, let color = style.foreground { value |= UInt32(courier_color_pair(Int16(color.rawValue))) }
        attributeCache[given] = value
        return value
    }

    /// Puts `text` on the clipboard with OSC 52 (the terminal, or tmux with `set-clipboard`,
    /// does the rest). Written after ncurses has flushed its own output so the escape never
    /// lands inside a half-drawn frame.
    func copyToClipboard(_ text: String) {
        refresh()
        Console.raw("\u{1B}]52;c;\(Base64.encode(Array(text.utf8)))\u{07}")
    }

    /// Tells ncurses the window's new size after SIGWINCH; a KEY_RESIZE follows in the input.
    func resizeToWindow() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if courier_terminal_size(&rows, &columns) == 0 { resizeterm(rows, columns) }
    }

    /// Leaves curses mode temporarily (for `$EDITOR`).
    func suspend() {
        def_prog_mode()
        endwin()
    }

    /// Returns to curses mode after `suspend()` and redraws everything.
    func resume() {
        reset_prog_mode()
        clearok(courier_stdscr(), true)
        refresh()
    }

    /// Restores the terminal.
    func shutdown() {
        if usesMouse { courier_disable_mouse() }
        endwin()
    }
}

/// What the terminal reports.
enum TerminalEvent {
    case key(Key)
    case mouse(MouseEvent)
    case resize
}
