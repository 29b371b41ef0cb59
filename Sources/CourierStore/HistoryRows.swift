import CourierCore
import Foundation
import GRDB

/// Database rows back into Core values.
enum HistoryRows {
    static func entry(_ row: Row) -> HistoryEntry {
        HistoryEntry(
            id: row["id"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]), workspace: row["workspace"],
            environment: row["environment"], route: row["route"], method: row["method"], url: row["url"],
            status: row["status"], totalTime: row["total_time"], bodySize: row["body_size"], checkTally: tally(row),
            run: row["run"])
    }

    static func record(_ row: Row) -> HistoryRecord {
        let requestBody: Data? = row["request_body"]
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: row["method"]), url: row["url"],
            headers: HistoryCoding.headers(from: row["request_headers"]), body: requestBody.map { [UInt8]($0) })
        let body: Data = row["body"]
        var response = HTTPResponse(
            status: row["status"], reason: row["reason"], version: row["version"],
            headers: HistoryCoding.headers(from: row["response_headers"]), body: [UInt8](body),
            totalTime: row["total_time"], timeToFirstByte: row["first_byte"], finalURL: row["final_url"],
            redirectCount: row["redirects"], attempts: row["attempts"], bodySize: row["body_size"])
        response.hops = HistoryCoding.hops(from: row["hops"])
        let origin = ExchangeOrigin(
            workspace: row["workspace"], environmentName: row["environment"], routeName: row["route"])
        var exchange = Exchange(
            request: request, response: response, origin: origin, checks: HistoryCoding.checks(from: row["checks"]))
        exchange.captured = HistoryCoding.strings(from: row["captured"])
        return HistoryRecord(
            id: row["id"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]), run: row["run"],
            exchange: exchange)
    }

    private static func tally(_ row: Row) -> CheckTally? {
        guard let passed = row["checks_passed"] as Int?, let total = row["checks_total"] as Int? else { return nil }
        return CheckTally(passed: passed, total: total)
    }
}
