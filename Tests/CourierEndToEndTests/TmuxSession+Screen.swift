import Foundation

extension TmuxSession {
    /// The screen on the shipped workspace against `demo`, its state under `folder/state` and
    /// its settings file under `folder/config` (so no user's config is read), in colour.
    static func screen(demo: DemoProcess, folder: URL, width: Int = 120) throws -> TmuxSession {
        try TmuxSession(
            command: "env COURIER_DEMO_PORT=\(demo.port) XDG_STATE_HOME=\(folder.path)/state "
                + "XDG_CONFIG_HOME=\(folder.path)/config NO_COLOR= TERM=screen-256color "
                + "\(CourierBinary.url.path) --config \(CourierBinary.workspace)", width: width)
    }
}
