import Foundation
import PushLocalization

/// `catalog generate N FILE` writes an `.xcstrings` String Catalog of N keys, each in English,
/// Spanish, Czech (a plural) and Serbian (Cyrillic), indented as Xcode writes it.
/// `catalog read FILE` reads it as `pushsim` does and prints its size, the peak memory and
/// their ratio: the target is at most 4 (issue 36: reading took about 105 bytes of memory per
/// byte, 17.5 GB for a 168 MB catalog).
enum CatalogBenchmark {
  static func run(_ arguments: [String]) throws {
    switch arguments.first {
    case "generate":
      let count = arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
      let path = arguments.dropFirst(2).first ?? "catalog.xcstrings"
      try write(keys: count, to: URL(fileURLWithPath: path))
    case "read":
      let path = arguments.dropFirst().first ?? "catalog.xcstrings"
      let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      let start = ContinuousClock.now
      let catalog = StringCatalog.read(contentsOf: URL(fileURLWithPath: path))
      let elapsed = ContinuousClock.now - start
      guard catalog.isLoaded else { throw BenchmarkError("the catalog does not load") }
      let peak = DeviceBenchmark.peakMemoryKiB() * 1024
      let keys = catalog.tables["en"]?.entries.count ?? 0
      print(
        "catalog: \(size / 1_000_000) MB, \(keys) keys, \(catalog.languages.count) languages: "
          + "read in \(elapsed.components.seconds).\(String(format: "%03d", elapsed.components.attoseconds / 1_000_000_000_000_000)) s, "
          + "peak \(peak / 1_000_000) MB, "
          + String(format: "%.2f", Double(peak) / Double(max(1, size)))
          + " bytes of memory per byte (target <= 4) "
          + (Double(peak) <= 4 * Double(size) ? "ok" : "TOO HIGH"))
    default:
      throw BenchmarkError("usage: catalog generate N FILE | catalog read FILE")
    }
  }

  /// Writes the catalog a piece at a time (a 168 MB catalog is never one string in memory).
  static func write(keys: Int, to url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw BenchmarkError("cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var chunk = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
    for index in 0..<keys {
      chunk += entry(index, last: index == keys - 1)
      if chunk.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    chunk += "  },\n  \"version\" : \"1.0\"\n}\n"
    try handle.write(contentsOf: Data(chunk.utf8))
  }

  /// One key as Xcode writes it.
  static func entry(_ index: Int, last: Bool) -> String {
    func unit(_ value: String, indent: String) -> String {
      """
      \(indent)"stringUnit" : {
      \(indent)  "state" : "translated",
      \(indent)  "value" : "\(value)"
      \(indent)}
      """
    }
    let pad = "            "
    return """
          "order.shipped.\(index)" : {
            "comment" : "An order left the warehouse",
            "extractionState" : "manual",
            "localizations" : {
              "cs" : {
                "variations" : {
                  "plural" : {
                    "one" : {
      \(unit("Objednávka č. \(index) je na cestě: %lld balík", indent: pad + "      "))
                    },
                    "few" : {
      \(unit("Objednávka č. \(index) je na cestě: %lld balíky", indent: pad + "      "))
                    },
                    "other" : {
      \(unit("Objednávka č. \(index) je na cestě: %lld balíků", indent: pad + "      "))
                    }
                  }
                }
              },
              "en" : {
      \(unit("Order \(index) has shipped: %lld parcels", indent: pad))
              },
              "es" : {
      \(unit("El pedido n.º \(index) está en camino: %lld paquetes", indent: pad))
              },
              "sr" : {
      \(unit("Поруџбина бр. \(index) је послата: %lld пакета", indent: pad))
              }
            }
          }\(last ? "" : ",")

      """
  }
}
