import CourierPipeline
import CourierTUI

extension CookieKeeper {
    /// Empties `environment`'s jar in `keeper`; what the screen says about it.
    static func cleared(_ environment: String, by keeper: CookieKeeper) -> Msg {
        do {
            try keeper.clear(environment)
            return .notice("cleared the cookies of \(environment)", isError: false)
        } catch {
            return .notice("cannot clear the cookies: \(ErrorText.describe(error))", isError: true)
        }
    }
}
