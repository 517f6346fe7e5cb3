import Foundation
import PushDevice

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension MediaFetchError {
  /// The `URLError` a failed device request reaches the app's code as.
  var urlError: URLError {
    switch code {
    case .atsBlocked: URLError(.appTransportSecurityRequiresSecureConnection)
    case .notInManifest: URLError(.notConnectedToInternet)
    case .connection: URLError(.cannotConnectToHost)
    case .badResponse: URLError(.badServerResponse)
    case .unsupportedURL, .invalidHeader: URLError(.unsupportedURL)
    case .tooManyRedirects, .redirectRefused: URLError(.httpTooManyRedirects)
    case .truncated: URLError(.networkConnectionLost)
    case .tooLarge: URLError(.dataLengthExceedsMaximum)
    case .timedOut: URLError(.timedOut)
    default: URLError(.cannotDecodeContentData)
    }
  }
}
