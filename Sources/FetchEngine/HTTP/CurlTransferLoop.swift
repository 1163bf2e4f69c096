import CCurl
import Foundation

/// The body of the curl thread: owns the multi handle and every easy handle,
/// and never shares them; only finished ``HTTPResponse`` values leave it.
final class CurlTransferLoop {
    private let configuration: CurlClient.Configuration
    private let owner: CurlLoop
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// The extra headers as libcurl's list, built once; freed when the loop ends.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(configuration: CurlClient.Configuration, owner: CurlLoop) {
        self.configuration = configuration
        self.owner = owner
    }

    func run() {
        guard let multi = curl_multi_init() else {
            failAll(reason: "curl_multi_init failed")
            return
        }
        for header in configuration.headers { headerList = curl_slist_append(headerList, header) }
        defer {
            for (handle, transfer) in active {
                curl_multi_remove_handle(multi, handle)
                transfer.job.continuation.resume(throwing: HTTPError.transport(url: transfer.job.url, reason: "client shut down"))
                curl_easy_cleanup(handle)
            }
            for handle in idleHandles { curl_easy_cleanup(handle) }
            curl_multi_cleanup(multi)
            curl_slist_free_all(headerList)
            owner.closePipe()
        }
        while true {
            let (jobs, cancelled, isShuttingDown) = owner.takeJobs()
            if isShuttingDown && jobs.isEmpty && active.isEmpty { return }
            for job in jobs {
                if cancelled.contains(job.id) {
                    job.continuation.resume(throwing: CancellationError())
                } else {
                    start(job, in: multi)
                }
            }
            if !cancelled.isEmpty { drop(cancelled, in: multi) }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            collectFinished(in: multi)

            var wakeFD = curl_waitfd(fd: owner.wakeDescriptor, events: Int16(CURL_WAIT_POLLIN), revents: 0)
            var ready: Int32 = 0
            curl_multi_poll(multi, &wakeFD, 1, 1_000, &ready)
            if wakeFD.revents != 0 { owner.drainWakeups() }
        }
    }

    private func failAll(reason: String) {
        while true {
            let (jobs, _, isShuttingDown) = owner.takeJobs()
            for job in jobs {
                job.continuation.resume(throwing: HTTPError.transport(url: job.url, reason: reason))
            }
            if isShuttingDown { return }
            usleep(10_000)
        }
    }

    private func start(_ job: CurlJob, in multi: UnsafeMutableRawPointer) {
        guard let handle = idleHandles.popLast() ?? curl_easy_init() else {
            job.continuation.resume(throwing: HTTPError.transport(url: job.url, reason: "curl_easy_init failed"))
            return
        }
        let transfer = Transfer(job: job, limit: configuration.maxBodyBytes)
        configure(handle, for: transfer)
        active[handle] = transfer
        curl_multi_add_handle(multi, handle)
    }

    private func configure(_ handle: UnsafeMutableRawPointer, for transfer: Transfer) {
        curl_easy_reset(handle)
        _ = etl_curl_setopt_string(handle, CURLOPT_URL, transfer.job.url)
        _ = etl_curl_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent)
        _ = etl_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        if let headerList { _ = etl_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList) }
        _ = etl_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        _ = etl_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = etl_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(configuration.timeout * 1000))
        _ = etl_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        _ = etl_curl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maxBodyBytes))
        _ = etl_curl_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
        _ = etl_curl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, curlWriteBody)
        _ = etl_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(transfer).toOpaque())
    }

    /// Aborts the transfers whose tasks were cancelled.
    private func drop(_ ids: Set<Int>, in multi: UnsafeMutableRawPointer) {
        for (handle, transfer) in active where ids.contains(transfer.job.id) {
            curl_multi_remove_handle(multi, handle)
            active[handle] = nil
            transfer.job.continuation.resume(throwing: CancellationError())
            idleHandles.append(handle)
        }
    }

    private func collectFinished(in multi: UnsafeMutableRawPointer) {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = etl_curl_message_result(message)
            curl_multi_remove_handle(multi, handle)
            guard let transfer = active.removeValue(forKey: handle) else { continue }
            finish(transfer, handle: handle, code: code)
            idleHandles.append(handle)
        }
    }

    private func finish(_ transfer: Transfer, handle: UnsafeMutableRawPointer, code: CURLcode) {
        let url = transfer.job.url
        if transfer.isOverLimit || code == CURLE_FILESIZE_EXCEEDED {
            transfer.job.continuation.resume(throwing: HTTPError.bodyTooLarge(url: url, limit: configuration.maxBodyBytes))
            return
        }
        guard code == CURLE_OK else {
            transfer.job.continuation.resume(throwing: error(for: code, url: url))
            return
        }
        var status = 0
        _ = etl_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var typePointer: UnsafeMutableRawPointer?
        _ = etl_curl_getinfo_pointer(handle, CURLINFO_CONTENT_TYPE, &typePointer)
        let contentType = typePointer.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        var retryAfter: curl_off_t = 0
        _ = etl_curl_getinfo_off(handle, CURLINFO_RETRY_AFTER, &retryAfter)
        let response = HTTPResponse(
            status: status,
            contentType: contentType,
            retryAfter: retryAfter > 0 ? Double(retryAfter) : nil,
            body: transfer.body)
        transfer.job.continuation.resume(returning: response)
    }

    private func error(for code: CURLcode, url: String) -> HTTPError {
        let reason = String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(url: url, seconds: configuration.timeout)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotConnect(url: url, reason: reason)
        case CURLE_PARTIAL_FILE:
            return .truncatedBody(url: url, reason: reason)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .connectionReset(url: url, reason: reason)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL(url)
        case CURLE_OUT_OF_MEMORY:
            // What this curl (7.88) says when an answer's headers pass its
            // 100 KB limit, the body being capped on its own.
            return .transport(url: url, reason: "the answer's headers are larger than 100 KB (or memory ran out)")
        default:
            return .transport(url: url, reason: reason)
        }
    }
}

/// The per-request buffer the write callback fills.
final class Transfer {
    let job: CurlJob
    let limit: Int
    var body: [UInt8] = []
    var isOverLimit = false

    init(job: CurlJob, limit: Int) {
        self.job = job
        self.limit = limit
    }
}

/// libcurl's write callback: appends to the ``Transfer`` or, past the size
/// limit, returns 0 so libcurl aborts instead of buffering a huge body.
private let curlWriteBody: etl_curl_write_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard transfer.body.count + length <= transfer.limit else {
        transfer.isOverLimit = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
    }
    return length
}
