import ActivityKit
import Foundation

/// An order on its way: the Live Activity's static attributes and its changing state. The
/// server sends the same `ContentState` JSON in its `liveactivity` pushes.
struct DeliveryAttributes: ActivityAttributes {
  struct ContentState: Codable, Hashable {
    enum Status: String, Codable, Hashable {
      case preparing, pickedUp, arriving, delivered
    }

    var status: Status
    var eta: Date
    var courier: String?
  }

  var orderID: String
  var restaurant: String
}
