import Foundation

/// Where fuzz seeds come from: every `*.endpoints.json` in the package's `specs/` (the valid example
/// specs), any spec-shaped JSON under the core tests' fixtures (the bad-spec corpus), and one built-in
/// spec that touches every key of the format, so the fuzzer has something to chew on in any checkout.
package enum FuzzCorpus {
    /// The package root, found from this file's own path (`Tests/EndpointGenFuzzSupport/FuzzCorpus.swift`).
    package static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Seeds in a fixed order (sorted by path), so a seed number means the same input on every machine.
    /// `maxBytes` leaves out larger files (the debug-built CI test skips the 200 KB imported specs).
    package static func seeds(root: URL = packageRoot, maxBytes: Int = 1_000_000) -> [FuzzSeed] {
        var seeds = [FuzzSeed(name: "built-in kitchen sink", data: Data(kitchenSink.utf8))]
        let directories = [
            root.appendingPathComponent("specs"),
            root.appendingPathComponent("Tests/EndpointGenCoreTests/Fixtures"),
        ]
        for directory in directories {
            for file in jsonFiles(under: directory) {
                guard let data = try? Data(contentsOf: file), data.count <= maxBytes else { continue }
                let relative = file.path.replacingOccurrences(of: root.path + "/", with: "")
                let isValid = relative.hasSuffix(".endpoints.json") && (relative.hasPrefix("specs/") || relative.contains("/ValidSpecs/"))
                seeds.append(FuzzSeed(name: relative, data: data, isValidSpec: isValid))
            }
        }
        return seeds
    }

    private static func jsonFiles(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "json" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// A valid spec using every key of format version 1 at least once.
    package static let kitchenSink = #"""
    {
      "name": "KitchenSinkAPI",
      "description": "Every key of the format.",
      "baseURL": "https://api.example.com/v2",
      "headers": { "Accept": "application/json", "X-Client": "fuzz" },
      "auth": "bearer",
      "dateFormat": "iso8601-fractional",
      "endpoints": {
        "me": { "method": "GET", "path": "/me", "response": "User", "description": "The signed-in user." },
        "user": {
          "method": "GET",
          "path": "/users/{user_id}/avatar.{format}",
          "parameters": {
            "user_id": "Int64",
            "format": { "type": "ImageFormat", "in": "path" },
            "include_deleted": { "type": "Bool", "default": false },
            "tags": { "type": "[String]?", "style": "comma" },
            "page_size": { "type": "Int", "default": 30, "name": "per_page", "description": "Items per page." },
            "If-None-Match": { "type": "String?", "in": "header" },
            "since": "Date?"
          },
          "response": { "type": "Data", "status": 200, "contentType": "image/png" },
          "errors": { "404": "Problem", "4XX": "Problem", "default": "JSON" },
          "timeout": 12.5,
          "deprecated": "Use me."
        },
        "login": {
          "method": "POST", "path": "/login", "auth": "none",
          "headers": { "X-Client": null, "X-Login": "1" },
          "body": { "type": "Credentials", "encoding": "form" },
          "response": "Token",
          "sample": { "token": "abc", "expires": [1, 2.5, true, null, { "a": "b" }] }
        }
      },
      "groups": {
        "files": {
          "path": "/files",
          "description": "File storage.",
          "auth": { "type": "apiKey", "in": "header", "name": "X-Api-Key" },
          "headers": { "accept": "*/*" },
          "endpoints": {
            "upload": { "method": "PUT", "path": "/{name}", "parameters": { "name": "String" },
                        "body": { "type": "Upload", "encoding": "multipart" }, "response": { "type": "FileInfo", "status": 201 } },
            "raw": { "method": "PATCH", "path": "/{name}/raw", "parameters": { "name": "String" },
                     "body": { "type": "Data", "encoding": "binary", "contentType": "application/pdf" } },
            "note": { "method": "POST", "path": "/notes", "body": { "type": "String", "encoding": "text" },
                      "response": { "type": "String", "contentType": "text/plain" } },
            "remove": { "method": "DELETE", "path": "/{name}", "parameters": { "name": "String" }, "deprecated": true },
            "probe": { "method": "HEAD", "path": "" },
            "options": { "method": "OPTIONS", "path": "/" }
          },
          "groups": {
            "admin": {
              "path": "/admin",
              "auth": "basic",
              "endpoints": {
                "stats": { "method": "GET", "path": "/stats", "parameters": { "window": { "type": "[String: Int]?" },
                           "ids": { "type": "[UUID]", "style": "form" } },
                           "response": "[String: [FileInfo]]" }
              }
            }
          }
        },
        "search": {
          "auth": { "type": "apiKey", "in": "query", "name": "key" },
          "endpoints": {
            "query": { "method": "GET", "path": "/search", "parameters": { "q": "String", "limit": "Int32?", "score": "Double?",
                       "ratio": "Float?", "site": "URL?", "raw": "JSON?" }, "response": "[JSON]" }
          }
        }
      },
      "models": {
        "User": {
          "description": "A user.",
          "properties": {
            "id": "Int64",
            "display_name": { "type": "String", "description": "Shown in the UI." },
            "email": "String?",
            "created_at": "Date",
            "role": "Role",
            "tags": "[String]",
            "meta": "[String: JSON]?",
            "avatar_url": "URL?",
            "uuid": "UUID",
            "score": { "type": "Double", "default": 0 },
            "verified": { "type": "Bool", "default": false }
          }
        },
        "Role": { "enum": ["admin", "member", "read-only", "1st"], "description": "What a user may do." },
        "ImageFormat": { "enum": ["png", "jpg"] },
        "Problem": { "properties": { "code": "Int", "message": "String", "details": "[Problem]?" } },
        "Credentials": { "properties": { "username": "String", "password": "String" } },
        "Token": { "properties": { "token": "String", "expires": "JSON" } },
        "Upload": { "properties": { "file": "Data", "caption": "String?", "cover": "File?", "pages": "[File]?" } },
        "FileInfo": { "properties": { "name": "String", "size": "Int", "owner": "ExternalOwner?" } }
      }
    }
    """#
}
