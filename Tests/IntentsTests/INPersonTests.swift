import Intents
import Testing

@Suite struct INPersonTests {
  @Test func displayNameFallsBackToNameComponentsThenHandle() {
    let handle = INPersonHandle(value: "ana@example.com", type: .emailAddress)
    var components = PersonNameComponents()
    components.givenName = "Ana"
    components.familyName = "García"
    let named = INPerson(
      personHandle: handle, nameComponents: components, displayName: nil, image: nil,
      contactIdentifier: nil, customIdentifier: nil)
    #expect(named.displayName == "Ana García")
    let handleOnly = INPerson(
      personHandle: handle, nameComponents: nil, displayName: nil, image: nil,
      contactIdentifier: nil, customIdentifier: nil)
    #expect(handleOnly.displayName == "ana@example.com")
  }
}
