public import Foundation

/// An image (`UIImage`) as the bytes it was made from: PushSim decodes and draws nothing
/// (Rules.md §9.9).
///
/// `init(data:)` and `init(contentsOfFile:)` accept the bytes of a PNG, JPEG, GIF, HEIC/HEIF,
/// WebP, TIFF or BMP file (by their leading bytes) and give `nil` for anything else, as UIKit
/// does for data it cannot decode. `pngData()` returns the bytes of an image made from PNG
/// bytes, `jpegData(compressionQuality:)` those of one made from JPEG bytes (the quality is not
/// applied); any other conversion needs an encoder PushSim does not have, and gives `nil`.
open class UIImage: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The kind of file the bytes are.
  enum Format: Equatable { case png, jpeg, gif, heic, webp, tiff, bmp }

  private let bytes: Data
  private let format: Format

  /// Makes an image from the bytes of an image file; `nil` when they are none PushSim knows.
  public init?(data: Data) {
    guard let format = Self.format(of: data) else { return nil }
    self.bytes = data
    self.format = format
    super.init()
  }

  /// Makes an image from a file; `nil` when it cannot be read or is no image file.
  public convenience init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init(data: data)
  }

  /// Makes an image from a file of the main bundle named `name` (or `name.png`, `name.jpg`);
  /// asset catalogs are not read.
  public convenience init?(named name: String) {
    let candidates = [name, name + ".png", name + ".jpg", name + ".jpeg"]
    guard
      let url = candidates.lazy.compactMap({ Bundle.main.url(forResource: $0, withExtension: nil) })
        .first,
      let data = try? Data(contentsOf: url)
    else { return nil }
    self.init(data: data)
  }

  /// The image as PNG bytes: the bytes it was made from when they are PNG, else `nil`.
  open func pngData() -> Data? {
    format == .png ? bytes : nil
  }

  /// The image as JPEG bytes: the bytes it was made from when they are JPEG (`compressionQuality`
  /// is not applied), else `nil`.
  open func jpegData(compressionQuality: CGFloat) -> Data? {
    format == .jpeg ? bytes : nil
  }

  /// The kind of image file `data` starts as, if any.
  static func format(of data: Data) -> Format? {
    let head = [UInt8](data.prefix(12))
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
    if starts(Array("BM".utf8)) { return .bmp }
    if starts(Array("ftyp".utf8), at: 4) {
      let brands = ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"]
      if brands.contains(where: { starts(Array($0.utf8), at: 8) }) { return .heic }
    }
    return nil
  }
}
