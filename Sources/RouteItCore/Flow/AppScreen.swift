/// Which screen the app shows. Entry is the root; the picker and directions are pushed on it.
public enum AppScreen {
    case entry
    case picker(AddressPickerViewModel)
    case directions(DirectionsViewModel)

    public var name: String {
        switch self {
        case .entry: return "entry"
        case .picker: return "picker"
        case .directions: return "directions"
        }
    }
}
