#if DEBUG || InspectorInRelease
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why the inspector did not take a request.
struct InspectorHTTPError: Error, CustomStringConvertible {
    let status: Int
    let path: String
    var description: String { "inspector answered \(status) to \(path)" }
}

/// The HTTP transport: `POST /app/sessions` opens a session with the hello and answers the
/// connection's random key K, `POST /app/sessions/K/messages` carries newline-delimited JSON,
/// `GET /app/sessions/K/commands` is a long poll for the inspector's requests, `POST
/// /app/sessions/K/bye` ends it.
actor HTTPInspectorTransport: InspectorTransport {
    private let base: URL
    private let token: String
    private let session: URLSession
    private var sessionID: String?
    /// The key of the last session this transport opened and did not end: a hello that names
    /// it continues that session after a lost connection. Only this connection knows it.
    private var resumeKey: String?

    init(url: URL, token: String) {
        base = url
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 40
        session = URLSession(configuration: configuration)
    }

    private func request(_ path: String, method: String, body: Data? = nil, timeout: TimeInterval = 10) -> URLRequest {
        var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "token", value: token)]
        var request = URLRequest(url: components?.url ?? base, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type") }
        return request
    }

    private func perform(_ request: URLRequest) async throws -> (Data, Int) {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw InspectorHTTPError(status: status, path: request.url?.path ?? "")
        }
        return (data, status)
    }

    func open(hello: Data) async throws {
        if let sessionID { resumeKey = sessionID }
        sessionID = nil
        let (data, response) = try await session.data(
            for: request("app/sessions", method: "POST", body: Self.hello(hello, resuming: resumeKey)))
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 400 || status == 413 || status == 503 {
            // The inspector refused this hello and said why: the same hello would be refused
            // again, unless the inspector is full (503), when it may pass later.
            let reason = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["reason"] as? String
            throw InspectorHelloRefusal(reason: reason ?? "status \(status)", retry: status == 503)
        }
        guard (200..<300).contains(status) else { throw InspectorHTTPError(status: status, path: "app/sessions") }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let id = object["session"] as? String, !id.isEmpty, id.allSatisfy(\.isHexDigit)
        else {
            throw InspectorHTTPError(status: 0, path: "app/sessions")
        }
        sessionID = id
        resumeKey = id
    }

    /// The hello with `resume` set to the key of the session it continues.
    static func hello(_ hello: Data, resuming key: String?) -> Data {
        guard let key, var object = try? JSONSerialization.jsonObject(with: hello) as? [String: Any],
            let data = try? JSONSerialization.data(
                withJSONObject: {
                    object["resume"] = key
                    return object
                }(), options: [.sortedKeys])
        else { return hello }
        return data
    }

    private func path(_ tail: String) throws -> String {
        guard let sessionID else { throw InspectorHTTPError(status: 0, path: tail) }
        return "app/sessions/\(sessionID)/\(tail)"
    }

    func send(_ messages: [Data]) async throws {
        guard !messages.isEmpty else { return }
        let body = Data(messages.joined(separator: Data("\n".utf8)))
        let (data, status) = try await perform(request(try path("messages"), method: "POST", body: body))
        // 200 names the messages the inspector refused, each with its reason; the rest were taken.
        guard status == 200 else { return }
        let refused = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["refused"] as? [[String: Any]]
        let reasons = (refused ?? []).map { $0["reason"] as? String ?? "no reason given" }
        if !reasons.isEmpty { throw InspectorMessageRefusals(reasons: reasons) }
    }

    func receive() async throws -> [Data] {
        let (data, status) = try await perform(request(try path("commands"), method: "GET", timeout: 40))
        guard status == 200 else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
    }

    func close() async {
        guard let bye = try? path("bye") else { return }
        _ = try? await perform(request(bye, method: "POST", body: Data()))
        sessionID = nil
        resumeKey = nil
    }
}
#endif
