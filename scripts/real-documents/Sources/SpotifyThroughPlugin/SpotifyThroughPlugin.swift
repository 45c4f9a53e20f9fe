// The build plugin turns Spotify.openapi.yaml (which scripts/test-real-documents.sh copies beside
// this file) into Spotify.swift and its parts; this target compiles them with -warnings-as-errors.
public import EndpointRuntime

/// The generated API, named from outside the files the plugin wrote.
public typealias SpotifyAPI = Spotify

/// A request built by the generated code: the plugin's output is complete enough to call.
public func spotifyRequestTypes() -> [any HTTPRequestable.Type] { [Spotify.Call.self] }
