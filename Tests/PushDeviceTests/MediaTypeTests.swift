import Foundation
import PushDevice
import PushSimTestSupport
import Testing

@Suite struct MediaTypeTests {
  typealias F = ExtensionFixtures

  @Test(arguments: [
    ("tiny.jpg", MediaType.jpeg), ("tiny.png", .png), ("tiny.gif", .gif), ("tiny.mp3", .mp3),
    ("tiny.wav", .wav), ("tiny.aiff", .aiff),
  ])
  func fixturesSniffAsTheirType(file: String, type: MediaType) throws {
    let data = try Data(contentsOf: F.file(file))
    #expect(MediaType.sniff(data) == type)
  }

  @Test(
    arguments: [
      ([0x00, 0x00, 0x00, 0x20] + Array("ftypM4A ".utf8), MediaType.mpeg4Audio),
      ([0x00, 0x00, 0x00, 0x20] + Array("ftypisom".utf8), .mpeg4),
      ([0x00, 0x00, 0x00, 0x20] + Array("ftypmp42".utf8), .mpeg4),
      (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI LIST".utf8), .avi),
      ([0x00, 0x00, 0x01, 0xBA, 0x44, 0x00], .mpeg),
      ([0x00, 0x00, 0x01, 0xB3, 0x14, 0x00], .mpeg),
      (Array("ID3".utf8) + [0x04, 0x00], .mp3),
      ([0xFF, 0xF3, 0x90, 0x64], .mp3),
    ] as [([UInt8], MediaType)])
  func headersSniffAsTheirType(bytes: [UInt8], type: MediaType) {
    #expect(MediaType.sniff(bytes) == type)
  }

  @Test(
    arguments: [
      Array("<!doctype html>".utf8), [], [0xFF, 0xD8], Array("RIFF\0\0\0\0WEBPVP8 ".utf8),
      [0xFF, 0xFD, 0x90, 0x64],  // MPEG audio layer II: not MP3
      Array("GIF88a".utf8),
    ] as [[UInt8]])
  func otherBytesSniffAsNothing(bytes: [UInt8]) {
    #expect(MediaType.sniff(bytes) == nil)
  }

  @Test func sizeLimitsAreMebibytesPerKind() {
    #expect(MediaType.jpeg.sizeLimit == 10 * 1_048_576)
    #expect(MediaType.mp3.sizeLimit == 5 * 1_048_576)
    #expect(MediaType.avi.sizeLimit == 50 * 1_048_576)
    #expect(MediaType.largestSizeLimit == 50 * 1_048_576)
    #expect(MediaType.allCases.filter { $0.kind == .image } == [.jpeg, .png, .gif])
    #expect(MediaType.allCases.filter { $0.kind == .audio } == [.aiff, .wav, .mp3, .mpeg4Audio])
  }

  @Test func namesMapToTypes() {
    #expect(MediaType(fileExtension: "JPEG") == .jpeg)
    #expect(MediaType(fileExtension: "m4a") == .mpeg4Audio)
    #expect(MediaType(fileExtension: "webp") == nil)
    #expect(MediaType(mimeType: "image/png; charset=binary") == .png)
    #expect(MediaType(mimeType: "audio/mpeg") == .mp3)
    #expect(MediaType(mimeType: "video/mpeg") == .mpeg)
    #expect(MediaType(mimeType: "text/html") == nil)
    #expect(MediaType(uti: "public.mpeg-4-audio") == .mpeg4Audio)
    #expect(MediaType(uti: "public.heic") == nil)
    for type in MediaType.allCases {
      #expect(MediaType(fileExtension: type.preferredFileExtension) == type)
    }
  }

  @Test func containerFamiliesAgree() {
    #expect(MediaType.mpeg4Audio.agrees(withSniffed: .mpeg4))
    #expect(MediaType.mpeg4.agrees(withSniffed: .mpeg4Audio))
    #expect(MediaType.mpeg2Video.agrees(withSniffed: .mpeg))
    #expect(!MediaType.jpeg.agrees(withSniffed: .png))
    #expect(!MediaType.mp3.agrees(withSniffed: .wav))
  }
}
