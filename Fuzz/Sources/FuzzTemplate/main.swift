// `{{name}}` / `${NAME}` templates and `:param` / `{param}` path templates: any text parses,
// renders against a context or names what is missing, and lists its variables.
import CourierCore
import FuzzSupport

let context = TemplateContext(
    overrides: ["id": "42"], environment: ["base": "http://x.test", "token": "{{id}}-t", "loop": "{{loop}}"],
    workspace: ["w": "{{base}}/{{id}}"], processEnvironment: ["HOME": "/home/qa"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = Invariant.text(data, size)
    let template = Template(text)
    Invariant.require(template.source == text, "the template lost its source")
    _ = template.variableNames
    _ = Template.variableNames(in: text)
    _ = try? template.render(in: context)
    let path = PathTemplate(text)
    _ = path.parameterNames
    return 0
}
