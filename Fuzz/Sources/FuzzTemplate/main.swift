// `{{name}}` / `${NAME}` templates, `{{$function "arguments"}}` and `:param` / `{param}` path
// templates: any text parses, renders against a context or names what is missing, and lists its
// variables; a function's value is the same for the same draw (the preview is what is sent).
import CourierCore
import FuzzSupport

/// Answers every value from outside with its own description.
final class EchoSource: SendValueSource, @unchecked Sendable {
    func value(for need: SendNeed) throws(RequestError) -> String? { need.description }
    var secretValues: [String] { [] }
}

let context: TemplateContext = {
    var context = TemplateContext(
        overrides: ["id": "42"],
        environment: ["base": "http://x.test", "token": "{{id}}-t", "loop": "{{loop}}", "made": "{{$uuid}}"],
        workspace: ["w": "{{base}}/{{id}}"], processEnvironment: ["HOME": "/home/qa"])
    context.draw = SendDraw(key0: 1, key1: 2, time: 1_795_879_931)
    context.source = SendValueSourceBox(EchoSource())
    context.maxRendered = 1 << 20
    return context
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = Invariant.text(data, size)
    let template = Template(text)
    Invariant.require(template.source == text, "the template lost its source")
    _ = template.variableNames
    _ = Template.variableNames(in: text)
    let rendered = try? template.render(in: context)
    Invariant.require(rendered == (try? template.render(in: context)), "one draw rendered two ways")
    let path = PathTemplate(text)
    _ = path.parameterNames
    return 0
}
