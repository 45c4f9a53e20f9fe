// Hand-written code beside the generated WeatherAPI and GeocodingAPI: the generated models are
// ordinary types of this module, so they can be extended here.

extension WeatherAPI.Forecast {
    /// The day with the highest high, or nil when the forecast has no days.
    public var warmestDay: WeatherAPI.Day? {
        days.max { $0.high < $1.high }
    }
}
