public import Foundation

/// A response the app received and where the router sent it (Rules.md §8).
public struct ResponseRecord: Sendable, Equatable {
  /// The push id of the notification responded to.
  public var push: String
  /// The response as the app got it.
  public var response: NotificationResponse
  /// The router's answer: a route, or why there is none.
  public var decision: RouteDecision
  /// When (virtual time).
  public var time: Date

  /// Creates a record.
  package init(push: String, response: NotificationResponse, decision: RouteDecision, time: Date) {
    self.push = push
    self.response = response
    self.decision = decision
    self.time = time
  }
}
