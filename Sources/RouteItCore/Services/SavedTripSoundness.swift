import Foundation

extension SavedTrip {
    /// Whether every value is one the commands could have set: a store edited by hand or
    /// damaged on disk may hold a window at minute 2^63 or a stay of 30,000 years, which the
    /// trip's clock arithmetic cannot take. `open` refuses such a trip as damaged.
    public var isSound: Bool {
        guard (2...EntryViewModel.maximumStopCount + 1).contains(slots.count), slots.allSatisfy(\.isSound) else { return false }
        if case .at(let date) = departure, !Departure.isPlausible(date) { return false }
        guard let day else { return true }
        if let backBy = day.backBy, !(0...24 * 60).contains(backBy) { return false }
        if case .place(let index) = day.end, !(1..<slots.count).contains(index) { return false }
        return (1...DayOptions.maxDays).contains(day.days)
    }
}

extension EntrySlot {
    /// A stay of at most a day, windows of the day's minutes, a picked place on the globe.
    var isSound: Bool {
        stay.isFinite && (0...StayDuration.maximum).contains(stay)
            && windows.count <= 24 && windows.allSatisfy(\.isSound)
            && (mapItem.map { $0.placemark.coordinate.isValid } ?? true)
    }
}

extension VisitWindow {
    /// Both ends from 00:00 to 24:00, not the same minute (as `VisitWindow.parseList` makes them).
    var isSound: Bool { (0...24 * 60).contains(from) && (0...24 * 60).contains(to) && from != to }
}
