@testable import EndpointRuntime
import ExampleAPIs
import Foundation
import Testing

/// Every endpoint of specs/StravaAPI.endpoints.json, built by the checked-in generated code.
@Suite struct StravaAPIRequestTests {
    static let base = "https://www.strava.com/api/v3"
    static let accept = ("Accept", "application/json")

    /// The endpoints these tests check; `everyEndpointIsChecked` compares it with the spec.
    static let checked = [
        "athlete", "update_athlete", "athlete_zones", "athlete_stats", "athlete_activities",
        "activities.get", "activities.create", "activities.update", "activities.comments", "activities.kudoers",
        "activities.laps", "activities.zones", "activities.streams",
        "segments.get", "segments.starred", "segments.star", "segments.explore",
        "routes.get", "routes.export_gpx", "routes.export_tcx", "gear.get", "uploads.create", "uploads.get",
    ]

    @Test func everyEndpointIsChecked() throws {
        #expect(try endpointKeys(ofSpec: "StravaAPI") == Self.checked.sorted())
    }

    @Test func topLevel() throws {
        try check(StravaAPI.athlete, .init(method: .get, url: "\(Self.base)/athlete", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.athlete)
        try check(StravaAPI.updateAthlete(weight: 61.5),
                  .init(method: .put, url: "\(Self.base)/athlete?weight=61.5", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.updateAthlete(weight: 61.5))
        try check(StravaAPI.athleteZones, .init(method: .get, url: "\(Self.base)/athlete/zones", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.athleteZones)
        try check(StravaAPI.athleteStats(id: 134815),
                  .init(method: .get, url: "\(Self.base)/athletes/134815/stats", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.athleteStats(id: 134815))
        try check(StravaAPI.athleteActivities(),
                  .init(method: .get, url: "\(Self.base)/athlete/activities?page=1&per_page=30", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.athleteActivities(page: 1, perPage: 30))
        try check(StravaAPI.athleteActivities(before: 1_700_000_000, after: 1_600_000_000, page: 2, perPage: 100),
                  .init(method: .get, url: "\(Self.base)/athlete/activities?before=1700000000&after=1600000000&page=2&per_page=100",
                        headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.athleteActivities(before: 1_700_000_000, after: 1_600_000_000, page: 2, perPage: 100))
    }

    @Test func activities() throws {
        try check(StravaAPI.Activities.get(id: 42),
                  .init(method: .get, url: "\(Self.base)/activities/42", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.get(id: 42)))
        try check(StravaAPI.Activities.get(id: 42, includeAllEfforts: true, ifNoneMatch: "\"abc\""),
                  .init(method: .get, url: "\(Self.base)/activities/42?include_all_efforts=true",
                        headers: [Self.accept, ("If-None-Match", "\"abc\"")], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.get(id: 42, includeAllEfforts: true, ifNoneMatch: "\"abc\"")))
        let update = StravaAPI.UpdatableActivity(commute: true, name: "Evening Ride", sportType: .eBikeRide)
        try check(StravaAPI.Activities.update(id: 7, body: update),
                  .init(method: .put, url: "\(Self.base)/activities/7", headers: [Self.accept, ("Content-Type", "application/json")],
                        auth: .bearer, body: .json(#"{"commute":true,"name":"Evening Ride","sport_type":"EBikeRide"}"#)),
                  wraps: StravaAPI.Call.activities(.update(id: 7, body: update)))
        try check(StravaAPI.Activities.comments(id: 7, pageSize: 50, afterCursor: "abc=="),
                  .init(method: .get, url: "\(Self.base)/activities/7/comments?page_size=50&after_cursor=abc%3D%3D",
                        headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.comments(id: 7, pageSize: 50, afterCursor: "abc==")))
        try check(StravaAPI.Activities.kudoers(id: 7, page: 1),
                  .init(method: .get, url: "\(Self.base)/activities/7/kudos?page=1", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.kudoers(id: 7, page: 1)))
        try check(StravaAPI.Activities.laps(id: 7),
                  .init(method: .get, url: "\(Self.base)/activities/7/laps", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.laps(id: 7)))
        try check(StravaAPI.Activities.zones(id: 7),
                  .init(method: .get, url: "\(Self.base)/activities/7/zones", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.zones(id: 7)))
        try check(StravaAPI.Activities.streams(id: 7, keys: [.time, .latlng, .heartrate]),
                  .init(method: .get, url: "\(Self.base)/activities/7/streams?keys=time,latlng,heartrate&key_by_type=true",
                        headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.activities(.streams(id: 7, keys: [.time, .latlng, .heartrate], keyByType: true)))
    }

    @Test func segmentsRoutesGearUploads() throws {
        try check(StravaAPI.Segments.get(id: 229781),
                  .init(method: .get, url: "\(Self.base)/segments/229781", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.segments(.get(id: 229781)))
        try check(StravaAPI.Segments.starred(perPage: 10),
                  .init(method: .get, url: "\(Self.base)/segments/starred?per_page=10", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.segments(.starred(perPage: 10)))
        try check(StravaAPI.Segments.star(id: 229781, body: StravaAPI.StarRequest(starred: true)),
                  .init(method: .put, url: "\(Self.base)/segments/229781/starred",
                        headers: [Self.accept, ("Content-Type", "application/x-www-form-urlencoded")], auth: .bearer,
                        body: .text("starred=true")),
                  wraps: StravaAPI.Call.segments(.star(id: 229781, body: StravaAPI.StarRequest(starred: true))))
        try check(StravaAPI.Segments.explore(bounds: [37.82, -122.51, 37.84, -122.48]),
                  .init(method: .get, url: "\(Self.base)/segments/explore?bounds=37.82,-122.51,37.84,-122.48&activity_type=riding",
                        headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.segments(.explore(bounds: [37.82, -122.51, 37.84, -122.48], activityType: .riding)))
        try check(StravaAPI.Segments.explore(bounds: [1, 2, 3, 4], activityType: .running, minCat: 1, maxCat: 3),
                  .init(method: .get, url: "\(Self.base)/segments/explore?bounds=1.0,2.0,3.0,4.0&activity_type=running&min_cat=1&max_cat=3",
                        headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.segments(.explore(bounds: [1, 2, 3, 4], activityType: .running, minCat: 1, maxCat: 3)))
        try check(StravaAPI.Routes.get(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.routes(.get(id: 5)))
        // `"Accept": null` removes the inherited header; the response's content type takes its place.
        try check(StravaAPI.Routes.exportGpx(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5/export_gpx", headers: [("Accept", "application/gpx+xml")], auth: .bearer),
                  wraps: StravaAPI.Call.routes(.exportGpx(id: 5)))
        try check(StravaAPI.Routes.exportTcx(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5/export_tcx",
                        headers: [("Accept", "application/vnd.garmin.tcx+xml")], auth: .bearer),
                  wraps: StravaAPI.Call.routes(.exportTcx(id: 5)))
        try check(StravaAPI.Gear.get(id: "b12345/x"),
                  .init(method: .get, url: "\(Self.base)/gear/b12345%2Fx", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.gear(.get(id: "b12345/x")))
        let upload = StravaAPI.NewUpload(file: Data("<gpx/>".utf8), name: "Morning Run", dataType: "gpx")
        try check(StravaAPI.Uploads.create(body: upload),
                  .init(method: .post, url: "\(Self.base)/uploads", headers: [Self.accept], auth: .bearer,
                        body: .multipart(containing: ["name=\"file\"", "<gpx/>", "name=\"name\"", "Morning Run", "name=\"data_type\"", "gpx"]),
                        timeout: 120, expectedStatus: 201),
                  wraps: StravaAPI.Call.uploads(.create(body: upload)))
        try check(StravaAPI.Uploads.get(uploadId: 99),
                  .init(method: .get, url: "\(Self.base)/uploads/99", headers: [Self.accept], auth: .bearer),
                  wraps: StravaAPI.Call.uploads(.get(uploadId: 99)))
    }

    /// The deprecated endpoint: its typed factory (deprecated, reached through `DeprecatedStrava`)
    /// and its `Call` cases (not deprecated) build the request the spec describes.
    @Test func deprecatedEndpoint() throws {
        let deprecated = (DeprecatedStrava.self as any DeprecatedFactories.Type).deprecatedEndpoints()
        #expect(deprecated.keys.sorted() == (try endpointKeys(ofSpec: "StravaAPI", deprecated: true)))
        #expect(deprecated.keys.sorted() == ["activities.create"])
        let activity = DeprecatedStrava.activity
        let expected = ExpectedRequest(
            method: .post, url: "\(Self.base)/activities",
            headers: [Self.accept, ("Content-Type", "application/x-www-form-urlencoded")], auth: .bearer,
            body: .text("name=Lunch+Swim&sport_type=Swim&start_date_local=2023-11-14T22%3A13%3A20Z&elapsed_time=1800&distance=1500.0"),
            expectedStatus: 201)
        let create = try #require(deprecated["activities.create"] as? Endpoint<StravaAPI.DetailedActivity>)
        try check(create, expected, wraps: StravaAPI.Call.activities(.create(body: activity)))
        #expect(create.errors.typeName(for: 422) == String(reflecting: StravaAPI.Fault.self))
        try checkRequest(StravaAPI.Call.activities(.create(body: activity)), expected)
        try checkRequest(StravaAPI.Activities.Call.create(body: activity), expected)
    }

    @Test func metadataFromTheSpec() throws {
        #expect(StravaAPI.defaults.baseURL == Self.base)
        #expect(StravaAPI.defaults.headers.map { "\($0.name): \($0.value)" } == ["Accept: application/json"])
        #expect(StravaAPI.defaults.auth == AuthOptions([.bearer]))
        #expect(StravaAPI.defaults.dateFormat == .iso8601)
        // The spec's top-level `errors`: shared by every endpoint, written once in `defaults`.
        #expect(StravaAPI.defaults.errors.typeName(for: 418) == String(reflecting: StravaAPI.Fault.self))
        #expect(StravaAPI.defaults.errors.typeName(for: 500) == nil)
        let athlete = StravaAPI.athlete
        #expect(try athlete.httpRequest().baseURL == Self.base)
        #expect(athlete.errors.typeName(for: 401) == String(reflecting: StravaAPI.Fault.self))
        #expect(athlete.errors.typeName(for: 500) == nil)
        let stats = StravaAPI.athleteStats(id: 1)
        #expect(stats.errors.typeName(for: 404) == String(reflecting: StravaAPI.Fault.self))
        #expect(stats.errors.typeName(for: 403) == String(reflecting: StravaAPI.Fault.self))
        #expect(stats.errors.typeName(for: 500) == nil)
        // Endpoints that declare nothing of their own have the shared 4XX body.
        let streams = StravaAPI.Activities.streams(id: 1, keys: [])
        #expect(streams.errors.typeName(for: 404) == String(reflecting: StravaAPI.Fault.self))
        #expect(streams.errors.typeName(for: 403) == String(reflecting: StravaAPI.Fault.self))
        #expect(StravaAPI.athleteZones.errors == StravaAPI.defaults.errors)

        // The spec's one sample (on `athlete`) is in `StravaAPI.samples`, not in any request.
        #expect(StravaAPI.samples.count == 1)
        let sample = try #require(StravaAPI.samples.first)
        #expect(sample.method == .get && sample.path == "/athlete" && sample.status == 200)
        #expect(sample.matches(try athlete.httpRequest()))
        #expect(!sample.matches(try StravaAPI.athleteZones.httpRequest()))
        #expect(!sample.matches(try StravaAPI.updateAthlete(weight: 1).httpRequest()))
        let decoded = try StravaAPI.defaults.dateFormat.makeJSONDecoder().decode(StravaAPI.DetailedAthlete.self, from: Data(sample.json.utf8))
        #expect(decoded.firstname == "Marianne")
        #expect(decoded.sex == .f)
        #expect(decoded.createdAt == Date(timeIntervalSince1970: 1_510_626_605))
    }

    @Test func typedValuesWrapTheirCallCases() throws {
        let typed: Endpoint<StravaAPI.DetailedAthlete> = StravaAPI.athlete
        #expect(try typed.httpRequest() == StravaAPI.Call.athlete.httpRequest())
        #expect(typed.call as? StravaAPI.Call == .athlete)
        let list: Endpoint<[StravaAPI.SummaryActivity]> = StravaAPI.athleteActivities(perPage: 5)
        #expect(try list.httpRequest() == StravaAPI.Call.athleteActivities(perPage: 5).httpRequest())
        let gpx: Endpoint<Data> = StravaAPI.Routes.exportGpx(id: 1)
        #expect(try gpx.httpRequest().url?.absoluteString == "\(Self.base)/routes/1/export_gpx")

        // A group's case is also its own `Call`'s case, wrapped by the API's: both build the same request.
        let get = StravaAPI.Activities.get(id: 9)
        #expect(get.call as? StravaAPI.Call == .activities(.get(id: 9)))
        #expect(try StravaAPI.Activities.Call.get(id: 9).httpRequest() == get.httpRequest())
        #expect(try StravaAPI.Call.activities(.get(id: 9)).httpRequest() == get.httpRequest())
        guard case let .activities(.get(id, includeAllEfforts, ifNoneMatch))? = get.call as? StravaAPI.Call else {
            Issue.record("\(get.call) is not StravaAPI.Call.activities(.get)")
            return
        }
        #expect(id == 9 && includeAllEfforts == nil && ifNoneMatch == nil)
        // The request carries the case, whichever way it was made.
        #expect(try get.httpRequest().call as? StravaAPI.Call == .activities(.get(id: 9)))

        // Cases are values: equal parameters, equal cases.
        let cases: Set<StravaAPI.Call> = [.athlete, .activities(.get(id: 1)), .activities(.get(id: 1)), .activities(.get(id: 2)),
                                          .activities(.laps(id: 1)), .gear(.get(id: "1"))]
        #expect(cases.count == 5)
        #expect(StravaAPI.Call.athleteActivities() == .athleteActivities(page: 1, perPage: 30))
    }
}

enum DeprecatedStrava: DeprecatedFactories {
    static let activity = StravaAPI.NewActivity(name: "Lunch Swim", sportType: .swim, startDateLocal: Date(timeIntervalSince1970: 1_700_000_000),
                                                elapsedTime: 1800, distance: 1500)

    @available(*, deprecated)
    static func deprecatedEndpoints() -> [String: any HTTPRequestable] {
        ["activities.create": StravaAPI.Activities.create(body: activity)]
    }
}
