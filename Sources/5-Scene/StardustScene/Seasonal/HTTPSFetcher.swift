import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `https://` flags through URLSession (FoundationNetworking on Linux), with the same contract as
/// ``HTTPFetcher``: the whole fetch is abandoned after `timeout` seconds (the task is cancelled and
/// the caller is not kept waiting), only `200` succeeds, and bodies over `maxBytes` are refused.
struct HTTPSFetcher {
    func fetch(_ url: URL, timeout: Double, maxBytes: Int) throws -> [UInt8] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var result: Result<[UInt8], Error>?
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        config.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: config)
        let task = session.dataTask(with: request) { data, response, error in
            let r: Result<[UInt8], Error>
            if let error {
                r = .failure(SeasonalError("the fetch failed (\(error.localizedDescription))"))
            } else if let http = response as? HTTPURLResponse, http.statusCode != 200 {
                r = .failure(SeasonalError("the server answered \(http.statusCode)"))
            } else if let data, data.count <= maxBytes {
                r = .success(Array(data))
            } else {
                r = .failure(SeasonalError("the document is larger than \(maxBytes) bytes"))
            }
            box.lock.lock(); box.result = r; box.lock.unlock()
            done.signal()
        }
        task.resume()
        let waited = done.wait(timeout: .now() + timeout)
        session.finishTasksAndInvalidate()
        guard waited == .success else {
            task.cancel()
            throw SeasonalError("no complete answer within \(timeout) s")
        }
        box.lock.lock(); defer { box.lock.unlock() }
        return try box.result!.get()
    }
}
