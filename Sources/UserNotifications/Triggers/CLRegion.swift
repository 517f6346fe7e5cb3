// CoreLocation does not exist on Linux. These are the few names `UNLocationNotificationTrigger`
// needs, with CoreLocation's spelling, so code that builds a location trigger compiles. Nothing
// here tracks a location.

/// Degrees of latitude or longitude (`CLLocationDegrees`).
public typealias CLLocationDegrees = Double
/// A distance in metres (`CLLocationDistance`).
public typealias CLLocationDistance = Double

/// A latitude and longitude (`CLLocationCoordinate2D`).
public struct CLLocationCoordinate2D: Sendable, Hashable {
  /// Latitude in degrees.
  public var latitude: CLLocationDegrees
  /// Longitude in degrees.
  public var longitude: CLLocationDegrees
  /// The coordinate (0, 0).
  public init() { self.init(latitude: 0, longitude: 0) }
  /// A coordinate.
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// A geographic region (`CLRegion`): an identifier and whether entering and leaving count.
open class CLRegion: NSObject {
  /// The region's identifier.
  public let identifier: String
  /// Whether entering the region fires (default true).
  open var notifyOnEntry = true
  /// Whether leaving the region fires (default true).
  open var notifyOnExit = true

  /// A region with an identifier.
  public init(identifier: String) {
    self.identifier = identifier
    super.init()
  }
}

/// A circle on the map (`CLCircularRegion`).
open class CLCircularRegion: CLRegion {
  /// The centre.
  public let center: CLLocationCoordinate2D
  /// The radius in metres.
  public let radius: CLLocationDistance

  /// A circle around `center` of `radius` metres.
  public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
    self.center = center
    self.radius = radius
    super.init(identifier: identifier)
  }

  /// Whether a coordinate lies in the circle (haversine distance on a sphere of radius
  /// 6 371 km).
  open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
    let radians = Double.pi / 180
    let dLat = (coordinate.latitude - center.latitude) * radians
    let dLon = (coordinate.longitude - center.longitude) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(center.latitude * radians)
      * cos(coordinate.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    let distance = 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    return distance <= radius
  }
}
