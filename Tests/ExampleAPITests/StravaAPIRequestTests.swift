import EndpointRuntime
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
        try check(StravaAPI.athlete, .init(method: .get, url: "\(Self.base)/athlete", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.updateAthlete(weight: 61.5),
                  .init(method: .put, url: "\(Self.base)/athlete?weight=61.5", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.athleteZones, .init(method: .get, url: "\(Self.base)/athlete/zones", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.athleteStats(id: 134815),
                  .init(method: .get, url: "\(Self.base)/athletes/134815/stats", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.athleteActivities(),
                  .init(method: .get, url: "\(Self.base)/athlete/activities?page=1&per_page=30", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.athleteActivities(before: 1_700_000_000, after: 1_600_000_000, page: 2, perPage: 100),
                  .init(method: .get, url: "\(Self.base)/athlete/activities?before=1700000000&after=1600000000&page=2&per_page=100",
                        headers: [Self.accept], auth: .bearer))
    }

    @Test func activities() throws {
        try check(StravaAPI.Activities.get(id: 42),
                  .init(method: .get, url: "\(Self.base)/activities/42", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Activities.get(id: 42, includeAllEfforts: true, ifNoneMatch: "\"abc\""),
                  .init(method: .get, url: "\(Self.base)/activities/42?include_all_efforts=true",
                        headers: [Self.accept, ("If-None-Match", "\"abc\"")], auth: .bearer))
        try check(StravaAPI.Activities.update(id: 7, body: UpdatableActivity(commute: true, name: "Evening Ride", sportType: .eBikeRide)),
                  .init(method: .put, url: "\(Self.base)/activities/7", headers: [Self.accept, ("Content-Type", "application/json")],
                        auth: .bearer, body: .json(#"{"commute":true,"name":"Evening Ride","sport_type":"EBikeRide"}"#)))
        try check(StravaAPI.Activities.comments(id: 7, pageSize: 50, afterCursor: "abc=="),
                  .init(method: .get, url: "\(Self.base)/activities/7/comments?page_size=50&after_cursor=abc%3D%3D",
                        headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Activities.kudoers(id: 7, page: 1),
                  .init(method: .get, url: "\(Self.base)/activities/7/kudos?page=1", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Activities.laps(id: 7),
                  .init(method: .get, url: "\(Self.base)/activities/7/laps", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Activities.zones(id: 7),
                  .init(method: .get, url: "\(Self.base)/activities/7/zones", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Activities.streams(id: 7, keys: [.time, .latlng, .heartrate]),
                  .init(method: .get, url: "\(Self.base)/activities/7/streams?keys=time,latlng,heartrate&key_by_type=true",
                        headers: [Self.accept], auth: .bearer))
        #expect(try (DeprecatedStrava.self as any DeprecatedCases.Type).checkDeprecatedCases() == ["activities.create"])
    }

    @Test func segmentsRoutesGearUploads() throws {
        try check(StravaAPI.Segments.get(id: 229781),
                  .init(method: .get, url: "\(Self.base)/segments/229781", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Segments.starred(perPage: 10),
                  .init(method: .get, url: "\(Self.base)/segments/starred?per_page=10", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Segments.star(id: 229781, body: StarRequest(starred: true)),
                  .init(method: .put, url: "\(Self.base)/segments/229781/starred",
                        headers: [Self.accept, ("Content-Type", "application/x-www-form-urlencoded")], auth: .bearer,
                        body: .text("starred=true")))
        try check(StravaAPI.Segments.explore(bounds: [37.82, -122.51, 37.84, -122.48]),
                  .init(method: .get, url: "\(Self.base)/segments/explore?bounds=37.82,-122.51,37.84,-122.48&activity_type=riding",
                        headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Segments.explore(bounds: [1, 2, 3, 4], activityType: .running, minCat: 1, maxCat: 3),
                  .init(method: .get, url: "\(Self.base)/segments/explore?bounds=1.0,2.0,3.0,4.0&activity_type=running&min_cat=1&max_cat=3",
                        headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Routes.get(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5", headers: [Self.accept], auth: .bearer))
        // `"Accept": null` removes the inherited header; the response's content type takes its place.
        try check(StravaAPI.Routes.exportGpx(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5/export_gpx", headers: [("Accept", "application/gpx+xml")], auth: .bearer))
        try check(StravaAPI.Routes.exportTcx(id: 5),
                  .init(method: .get, url: "\(Self.base)/routes/5/export_tcx",
                        headers: [("Accept", "application/vnd.garmin.tcx+xml")], auth: .bearer))
        try check(StravaAPI.Gear.get(id: "b12345/x"),
                  .init(method: .get, url: "\(Self.base)/gear/b12345%2Fx", headers: [Self.accept], auth: .bearer))
        try check(StravaAPI.Uploads.create(body: NewUpload(file: Data("<gpx/>".utf8), name: "Morning Run", dataType: "gpx")),
                  .init(method: .post, url: "\(Self.base)/uploads", headers: [Self.accept], auth: .bearer,
                        body: .multipart(containing: ["name=\"file\"", "<gpx/>", "name=\"name\"", "Morning Run", "name=\"data_type\"", "gpx"]),
                        timeout: 120, expectedStatus: 201))
        try check(StravaAPI.Uploads.get(uploadId: 99),
                  .init(method: .get, url: "\(Self.base)/uploads/99", headers: [Self.accept], auth: .bearer))
    }

    @Test func metadataFromTheSpec() throws {
        let athlete = try StravaAPI.athlete.httpRequest()
        #expect(athlete.baseURL == Self.base)
        #expect(athlete.errorBodies.typeName(for: 401) == String(reflecting: Fault.self))
        #expect(athlete.errorBodies.typeName(for: 500) == nil)
        let sample = try #require(athlete.sample)
        let decoded = try DateFormat.iso8601.makeJSONDecoder().decode(DetailedAthlete.self, from: sample)
        #expect(decoded.firstname == "Marianne")
        #expect(decoded.sex == .f)
        let stats = try StravaAPI.athleteStats(id: 1).httpRequest()
        #expect(stats.errorBodies.typeName(for: 404) == String(reflecting: Fault.self))
        #expect(stats.errorBodies.typeName(for: 403) == String(reflecting: Fault.self))
    }

    @Test func typedEndpointsCarryTheRequest() throws {
        let typed: Endpoint<DetailedAthlete> = StravaAPI.Typed.athlete
        #expect(try typed.httpRequest() == StravaAPI.athlete.httpRequest())
        let list: Endpoint<[SummaryActivity]> = StravaAPI.Typed.athleteActivities(perPage: 5)
        #expect(try list.httpRequest() == StravaAPI.athleteActivities(perPage: 5).httpRequest())
        let gpx: Endpoint<Data> = StravaAPI.Routes.Typed.exportGpx(id: 1)
        #expect(try gpx.httpRequest().url?.absoluteString == "\(Self.base)/routes/1/export_gpx")
    }
}

enum DeprecatedStrava: DeprecatedCases {
    @available(*, deprecated)
    static func checkDeprecatedCases() throws -> [String] {
        let activity = NewActivity(name: "Lunch Swim", sportType: .swim, startDateLocal: Date(timeIntervalSince1970: 1_700_000_000),
                                   elapsedTime: 1800, distance: 1500)
        try check(StravaAPI.Activities.create(body: activity),
                  .init(method: .post, url: "https://www.strava.com/api/v3/activities",
                        headers: [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")], auth: .bearer,
                        body: .text("name=Lunch+Swim&sport_type=Swim&start_date_local=2023-11-14T22%3A13%3A20Z&elapsed_time=1800&distance=1500.0"),
                        expectedStatus: 201))
        let typed: Endpoint<DetailedActivity> = StravaAPI.Activities.Typed.create(body: activity)
        #expect(try typed.httpRequest() == StravaAPI.Activities.create(body: activity).httpRequest())
        return ["activities.create"]
    }
}
