import Foundation
import PushDevice
import PushSimAppHost
import Testing
import UserNotifications

/// The requests of code run with `DeviceHost.runApp` are the device's to answer, from the app's
/// `requests` table, never the test machine's network (a real Live Activity service's token
/// upload went to the network, and failed to resolve its host).
@Suite struct RunAppRequestTests {
  func host() -> DeviceHost {
    var entry = MediaManifest.Entry(file: nil, status: 201, contentType: "application/json")
    entry.inlineBody = Data(#"{"saved":true}"#.utf8)
    return DeviceHost(
      app: AppConfiguration(
        bundleId: "com.example.trains", state: .foreground,
        media: MediaManifest(entries: ["POST https://api.example.invalid/tokens": entry])))
  }

  @Test func aRequestIsAnsweredFromTheRequestsTable() async throws {
    let phone = host()
    let (status, body) = try await phone.runApp {
      var request = URLRequest(url: URL(string: "https://api.example.invalid/tokens")!)
      request.httpMethod = "POST"
      request.httpBody = Data("token".utf8)
      let (data, response) = try await URLSession.shared.data(for: request)
      return ((response as? HTTPURLResponse)?.statusCode, String(decoding: data, as: UTF8.self))
    }
    #expect(status == 201)
    #expect(body == #"{"saved":true}"#)
    let requests = await phone.device.events.events(ofKind: .appRequest)
    #expect(requests.map(\.reason).contains { $0.contains("https://api.example.invalid/tokens") })
  }

  @Test func aRequestNoEntryAnswersFailsAsOffline() async throws {
    let phone = host()
    let code = await phone.runApp { () -> Int? in
      do {
        _ = try await URLSession.shared.data(from: URL(string: "https://elsewhere.invalid/x")!)
        return nil
      } catch {
        return (error as? URLError)?.errorCode
      }
    }
    #expect(code == URLError.notConnectedToInternet.rawValue)
  }
}
