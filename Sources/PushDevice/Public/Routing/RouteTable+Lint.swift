public import PushCore
import PushPayload

extension RouteTable {
  /// Advice about the table itself, independent of any push: entries that can never be taken
  /// and defaults that cannot apply.
  ///
  /// Codes (source `lint`; paths are `app.routes[i]…` as in scenario files):
  /// - `route-unreachable` (warning): an earlier entry has no conditions and no required
  ///   parameters, so it matches every response and this entry is never tried.
  /// - `route-default-ignored` (warning): a required parameter has a `default`, which is never
  ///   used (a required parameter that does not read fails the entry).
  /// - `route-default-type` (warning): a default's type differs from the parameter's `type`,
  ///   so the route would carry a value the payload itself could not supply.
  /// - `route-param-duplicate` (error): two parameters of one entry share a name; the later one
  ///   wins.
  ///
  /// - Complexity: O(total parameters).
  public func lint() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var catchAll: String?
    for (index, route) in routes.enumerated() {
      let path = "app.routes[\(index)]"
      if let catchAll {
        diagnostics.append(
          Diagnostic(
            .warning, code: .routeUnreachable, path: path,
            message:
              "route `\(route.name)` is never tried: `\(catchAll)` before it matches every response",
            source: .lint))
      }
      var names = Set<String>()
      for parameter in route.params {
        let parameterPath = "\(path).params.\(parameter.name)"
        if !names.insert(parameter.name).inserted {
          diagnostics.append(
            Diagnostic(
              .error, code: .routeParamDuplicate, path: parameterPath,
              message: "route `\(route.name)` names parameter `\(parameter.name)` twice",
              source: .lint))
        }
        guard let fallback = parameter.default else { continue }
        if parameter.required {
          diagnostics.append(
            Diagnostic(
              .warning, code: .routeDefaultIgnored, path: "\(parameterPath).default",
              message:
                "`\(parameter.name)` is required, so its default \(fallback) is never used",
              source: .lint))
        } else if fallback.type != parameter.type {
          diagnostics.append(
            Diagnostic(
              .warning, code: .routeDefaultType, path: "\(parameterPath).default",
              message:
                "`\(parameter.name)` is \(parameter.type) but its default \(fallback) is \(fallback.type)",
              source: .lint))
        }
      }
      if catchAll == nil, route.when.isEmpty, !route.params.contains(where: \.required) {
        catchAll = route.name
      }
    }
    return diagnostics
  }
}
