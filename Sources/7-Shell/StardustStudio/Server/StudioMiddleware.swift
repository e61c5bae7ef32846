import Hummingbird

// The studio's router middleware (docs/STUDIO.md, "Middleware"): who may reach a route and which headers every
// answer of a group carries, set once on the group rather than by hand in each handler.
//
// The chain: the page group runs ``StudioHostMiddleware`` then ``StudioHeadersMiddleware`` (the page's
// security headers); the `/api` group runs ``StudioAccessMiddleware`` (token, Host, and Origin for anything
// but GET) then ``StudioHeadersMiddleware`` (`nosniff`); the `/ws` route runs ``StudioAccessMiddleware``
// with Origin always required. A refusal is thrown as `403 Forbidden` before the handler runs.

/// Refuses a request without the session token, or whose `Host` or (when required) `Origin` does not name the studio.
struct StudioAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The security of the running server (its port is known only once it listens).
    let security: @Sendable () -> StudioSecurity
    /// Whether GETs need an `Origin` too (the WebSocket); POSTs always do.
    let alwaysRequireOrigin: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var origin: String?
        var headerToken: String?
        for field in request.headers {
            switch field.name.canonicalName {
            case "origin": origin = field.value
            case "x-stardust-token": headerToken = field.value
            default: break
            }
        }
        let token = request.uri.queryParameters["token"].map(String.init) ?? headerToken
        let requireOrigin = alwaysRequireOrigin || request.method != .get
        if let why = security().refusal(token: token, authority: request.head.authority, origin: origin, requireOrigin: requireOrigin) {
            throw HTTPError(.forbidden, message: why)
        }
        return try await next(request, context)
    }
}

/// Refuses a request whose `Host` does not name the studio (the page: no token needed to load it).
struct StudioHostMiddleware<Context: RequestContext>: RouterMiddleware {
    let security: @Sendable () -> StudioSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, security().authorities.contains(authority.lowercased()) else {
            throw HTTPError(.forbidden, message: "the Host header does not name this studio.")
        }
        return try await next(request, context)
    }
}

/// Sets `X-Content-Type-Options: nosniff` and the given headers on every answer a handler of the group returns.
/// (Hummingbird's `ContentSecurityMiddleware` is not used: it appends rather than replaces, and it sets only
/// the policy and `nosniff`, while the page also needs `X-Frame-Options`, `Referrer-Policy` and `Cache-Control`.)
struct StudioHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let headers: HTTPFields

    init(_ extra: [(String, String)]) {
        var h: HTTPFields = [:]
        h[.init("X-Content-Type-Options")!] = "nosniff"
        for (k, v) in extra { h[.init(k)!] = v }
        headers = h
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
