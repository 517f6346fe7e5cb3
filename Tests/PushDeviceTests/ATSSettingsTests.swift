import Foundation
import PushDevice
import Testing

@Suite struct ATSSettingsTests {
  func allowed(_ settings: ATSSettings, _ address: String) throws -> Bool {
    try settings.verdict(for: #require(URL(string: address))).isAllowed
  }

  @Test func httpsIsAlwaysAllowedAndPlainHTTPIsNotByDefault() throws {
    #expect(try allowed(ATSSettings(), "https://cdn.example.com/a.jpg"))
    #expect(try !allowed(ATSSettings(), "http://cdn.example.com/a.jpg"))
    #expect(try !allowed(ATSSettings(), "http://127.0.0.1/a.jpg"))
  }

  @Test func otherSchemesAreNeverAllowed() throws {
    let open = ATSSettings(allowsArbitraryLoads: true, allowsLocalNetworking: true)
    #expect(try !allowed(open, "file:///etc/passwd"))
    #expect(try !allowed(open, "data:image/png;base64,AAAA"))
    #expect(try !allowed(open, "ftp://example.com/a.jpg"))
  }

  @Test func arbitraryLoadsAllowAnyHost() throws {
    #expect(try allowed(ATSSettings(allowsArbitraryLoads: true), "http://cdn.example.com/a.jpg"))
  }

  @Test func exceptionDomainsAllowTheirHostAndOptionallySubdomains() throws {
    let settings = ATSSettings(exceptionDomains: [
      "example.com": .init(allowsInsecureHTTPLoads: true, includesSubdomains: true),
      "Media.Example.org": .init(allowsInsecureHTTPLoads: true),
      "secure.example.net": .init(includesSubdomains: true),
    ])
    #expect(try allowed(settings, "http://example.com/a.jpg"))
    #expect(try allowed(settings, "http://cdn.img.example.com/a.jpg"))
    #expect(try allowed(settings, "http://media.example.org/a.jpg"))
    #expect(try !allowed(settings, "http://cdn.media.example.org/a.jpg"))
    #expect(try !allowed(settings, "http://secure.example.net/a.jpg"))
    #expect(try !allowed(settings, "http://notexample.com/a.jpg"))
  }

  @Test func localNetworkingCoversLoopbackAndLocalNames() throws {
    let settings = ATSSettings(allowsLocalNetworking: true)
    #expect(try allowed(settings, "http://localhost:8080/a.jpg"))
    #expect(try allowed(settings, "http://127.0.0.1/a.jpg"))
    #expect(try allowed(settings, "http://[::1]:8080/a.jpg"))
    #expect(try allowed(settings, "http://printer.local/a.jpg"))
    #expect(try !allowed(settings, "http://cdn.example.com/a.jpg"))
  }

  @Test func onlyRealLoopbackAddressesAreLocal() throws {
    let settings = ATSSettings(allowsLocalNetworking: true)
    #expect(try allowed(settings, "http://127.255.0.1/a.jpg"))
    for host in ["127.evil.example.com", "127.0.0.1.evil.example.com", "127.0.0.256", "127.0.0"] {
      #expect(try !allowed(settings, "http://\(host)/a.jpg"), "\(host)")
    }
  }

  @Test func theIPv6LoopbackIsLocalInEverySpelling() throws {
    let settings = ATSSettings(allowsLocalNetworking: true)
    for host in ["[::1]", "[0:0:0:0:0:0:0:1]", "[0000::0001]", "[::ffff:127.0.0.1]"] {
      #expect(try allowed(settings, "http://\(host):8443/a.jpg"), "\(host)")
    }
    for host in ["[::2]", "[1::1]", "[::ffff:10.0.0.1]", "[fe80::1]", "[::1:0]"] {
      #expect(try !allowed(settings, "http://\(host)/a.jpg"), "\(host)")
    }
  }

  @Test func theVerdictSaysWhy() throws {
    let url = try #require(URL(string: "http://localhost/a.jpg"))
    guard case .blocked(let reason) = ATSSettings().verdict(for: url) else {
      Issue.record("expected a block")
      return
    }
    #expect(reason.contains("plain http to localhost"))
  }
}

extension ATSSettingsTests {
  @Test func exceptionDomainsAreNotAffectedByArbitraryLoads() throws {
    let settings = ATSSettings(
      allowsArbitraryLoads: true,
      exceptionDomains: ["strict.example.com": .init(allowsInsecureHTTPLoads: false)])
    #expect(try !allowed(settings, "http://strict.example.com/a.jpg"))
    #expect(try allowed(settings, "http://other.example.com/a.jpg"))
    #expect(try allowed(settings, "https://strict.example.com/a.jpg"))
  }
}
