import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Database rows back into Core values.
enum HistoryRows {
    static func entry(_ row: SQLiteRow) -> HistoryEntry {
        HistoryEntry(
            id: row.int64("id"), recordedAt: Date(timeIntervalSince1970: row.double("recorded_at")),
            workspace: row.string("workspace"), environment: row.string("environment"), route: row.string("route"),
            method: row.string("method"), url: row.string("url"), status: row.int("status"),
            totalTime: row.double("total_time"), bodySize: row.int("body_size"), checkTally: tally(row),
            run: row.optionalString("run"), failure: row.optionalString("error"))
    }

    static func record(_ row: SQLiteRow) -> HistoryRecord {
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: row.string("method")), url: row.string("url"),
            headers: HistoryCoding.headers(from: row.string("request_headers")),
            body: row.optionalBytes("request_body"))
        var response = HTTPResponse(
            status: row.int("status"), reason: row.string("reason"), version: row.string("version"),
            headers: HistoryCoding.headers(from: row.string("response_headers")), body: row.bytes("body"),
            totalTime: row.double("total_time"), timeToFirstByte: row.double("first_byte"),
            finalURL: row.string("final_url"), redirectCount: row.int("redirects"), attempts: row.int("attempts"),
            bodySize: row.int("body_size"))
        response.hops = HistoryCoding.hops(
            from: row.string("hops"), requestHeaders: request.headers, responseHeaders: response.headers)
        response.transcript = HistoryCoding.transcript(from: row.optionalString("transcript"))
        let origin = ExchangeOrigin(
            workspace: row.string("workspace"), environmentName: row.string("environment"),
            routeName: row.string("route"))
        var exchange = Exchange(
            request: request, response: response, origin: origin,
            checks: HistoryCoding.checks(from: row.string("checks")))
        exchange.captured = HistoryCoding.strings(from: row.string("captured"))
        return HistoryRecord(
            id: row.int64("id"), recordedAt: Date(timeIntervalSince1970: row.double("recorded_at")),
            run: row.optionalString("run"), exchange: exchange, failure: row.optionalString("error"))
    }

    private static func tally(_ row: SQLiteRow) -> CheckTally? {
        guard let passed = row.optionalInt("checks_passed"), let total = row.optionalInt("checks_total") else {
            return nil
        }
        return CheckTally(passed: passed, total: total)
    }
}
