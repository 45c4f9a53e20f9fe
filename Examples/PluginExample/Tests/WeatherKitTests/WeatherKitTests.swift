import EndpointRuntime
import Foundation
import Testing
import WeatherKit

/// WeatherAPI and GeocodingAPI are generated at build time by EndpointGenPlugin from the specs in
/// Sources/WeatherKit, AirQuality from the OpenAPI document there; these tests send their typed endpoints to a local stand-in server.
@Suite("WeatherKit against a local server")
struct WeatherKitTests {
    @Test("forecast: query parameters go out, the typed Forecast comes back")
    func forecast() async throws {
        try await withLocalServer("weather_server.py", basePath: "/v1") { base in
            let client = HTTPClient(baseURL: base)
            let forecast = try await client.send(
                WeatherAPI.forecast(latitude: 48.8566, longitude: 2.3522, units: .imperial))
            #expect(forecast.latitude == 48.8566)
            #expect(forecast.longitude == 2.3522)
            #expect(forecast.units == .imperial)
            // `days` has the spec's default, 3.
            #expect(forecast.days.map(\.date) == ["2026-06-01", "2026-06-02", "2026-06-03"])
            #expect(forecast.days[0].summary == "sunny")
            #expect(forecast.days[1].summary == nil)
            #expect(forecast.warmestDay?.high == 22.5)
        }
    }

    @Test("station: a 404 carries the spec's Problem body")
    func stationNotFound() async throws {
        try await withLocalServer("weather_server.py", basePath: "/v1") { base in
            let client = HTTPClient(baseURL: base)
            let station = try await client.send(WeatherAPI.station(id: "KSFO"))
            #expect(station == WeatherAPI.Station(id: "KSFO", name: "San Francisco Intl", elevationM: 4))

            // The declared error body reaches `catch` as its own type.
            do {
                _ = try await client.send(WeatherAPI.station(id: "NOPE"))
                Issue.record("expected a 404")
            } catch let error as ErrorResponse<WeatherAPI.Problem> {
                #expect(error.status == 404)
                #expect(error.body.message == "no station NOPE")
            }
        }
    }

    @Test("air quality: an OpenAPI document in the target, imported and generated at build time")
    func airQuality() async throws {
        try await withLocalServer("weather_server.py", basePath: "/v1") { base in
            let client = HTTPClient(baseURL: base)
            // AirQuality.openapi.json's tag `air-quality` is named like the API: its operation
            // `air-quality/current` is `AirQuality.current`. The `admin` tag is filtered out by
            // endpoint-gen.json's "tags".
            let reading = try await client.send(AirQuality.current(latitude: 48.8566, longitude: 2.3522))
            #expect(reading == AirQuality.AirReading(index: 42, pollutant: .pm25))
        }
    }

    @Test("search: a second spec in the same target, decoded as [Place]")
    func geocodingSearch() async throws {
        try await withLocalServer("weather_server.py", basePath: "/v1") { base in
            let client = HTTPClient(baseURL: base)
            let places = try await client.send(GeocodingAPI.search(name: "Paris", count: 1))
            #expect(places == [GeocodingAPI.Place(name: "Paris", countryCode: "FR", latitude: 48.8566, longitude: 2.3522)])
        }
    }
}
