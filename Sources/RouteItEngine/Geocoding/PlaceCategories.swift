/// What people type for a kind of place, in English, Finnish and Swedish, and the OSM tags that
/// make a place one of them: "apteekki" → `amenity=pharmacy`, `healthcare=pharmacy`.
public enum PlaceCategories {
    public struct Category: Sendable {
        /// Shown as the name of a place that has none ("Toilets").
        public var label: String
        public var tags: [String]
        /// Folded words and phrases, singular and plural.
        public var words: [String]
    }

    /// Tag keys whose values say what a place is; the import keeps them for every place.
    public static let keys: Set<String> = ["amenity", "shop", "tourism", "leisure", "office", "healthcare", "craft", "historic",
                                    "railway", "public_transport", "highway", "station", "sport", "aeroway", "emergency"]

    public static let all: [Category] = [
        .init(label: "Pharmacy", tags: ["amenity=pharmacy", "healthcare=pharmacy"],
              words: ["pharmacy", "pharmacies", "chemist", "drugstore", "apteekki", "apteekit", "apotek", "apoteket"]),
        .init(label: "Toilets", tags: ["amenity=toilets"],
              words: ["toilet", "toilets", "wc", "restroom", "restrooms", "public toilet", "bathroom", "loo", "vessa", "kaymala",
                      "yleinen kaymala", "toalett", "toaletter", "toaletten", "offentlig toalett"]),
        .init(label: "Parking", tags: ["amenity=parking"],
              words: ["parking", "car park", "carpark", "parking lot", "parking garage", "parkkipaikka", "parkkipaikat", "pysakointi",
                      "pysakointipaikka", "parkkihalli", "parkki", "parkering", "parkeringsplats", "parkeringshus"]),
        .init(label: "Cafe", tags: ["amenity=cafe"],
              words: ["cafe", "cafes", "coffee", "coffee shop", "coffeehouse", "kahvila", "kahvilat", "kafe", "kafeer",
                      "kafet", "kaffe", "kafferi"]),
        .init(label: "Restaurant", tags: ["amenity=restaurant"],
              words: ["restaurant", "restaurants", "ravintola", "ravintolat", "restaurang", "restauranger"]),
        .init(label: "Fast food", tags: ["amenity=fast_food"],
              words: ["fast food", "fastfood", "hamburger", "pikaruoka", "pikaruokala", "snabbmat"]),
        .init(label: "Bar", tags: ["amenity=bar", "amenity=pub", "amenity=biergarten"],
              words: ["bar", "bars", "pub", "pubs", "baari", "baarit", "pubi", "kapakka", "krog", "krogar"]),
        .init(label: "Bank", tags: ["amenity=bank"],
              words: ["bank", "banks", "pankki", "pankit", "banken", "banker"]),
        .init(label: "ATM", tags: ["amenity=atm"],
              words: ["atm", "atms", "cash machine", "cashpoint", "pankkiautomaatti", "otto", "otto automaatti",
                      "rahaautomaatti", "raha automaatti", "bankomat", "uttagsautomat"]),
        .init(label: "Currency exchange", tags: ["amenity=bureau_de_change"],
              words: ["currency exchange", "bureau de change", "valuutanvaihto", "vaxelkontor", "valutavaxling"]),
        .init(label: "Supermarket", tags: ["shop=supermarket"],
              words: ["supermarket", "supermarkets", "grocery", "groceries", "grocery store", "food store", "ruokakauppa",
                      "ruokakaupat", "supermarketti", "marketti", "livsmedelsbutik", "mataffar",
                      "matbutik", "snabbkop", "stormarknad"]),
        .init(label: "Convenience store", tags: ["shop=convenience", "shop=kiosk"],
              words: ["convenience store", "convenience", "kiosk", "kiosks", "kioski", "lahikauppa", "narbutik", "kiosker"]),
        .init(label: "Bakery", tags: ["shop=bakery"], words: ["bakery", "bakeries", "leipomo", "bageri", "konditori"]),
        .init(label: "Liquor store", tags: ["shop=alcohol"],
              words: ["liquor store", "off licence", "alcohol", "wine shop", "viinakauppa", "alkoholi", "systembolag"]),
        .init(label: "Clothes shop", tags: ["shop=clothes"],
              words: ["clothes", "clothing", "clothes shop", "vaatekauppa", "vaatteet", "kladaffar", "klader"]),
        .init(label: "Hairdresser", tags: ["shop=hairdresser"],
              words: ["hairdresser", "hairdressers", "barber", "kampaamo", "parturi", "parturi kampaamo", "frisor", "frisorer"]),
        .init(label: "Bookshop", tags: ["shop=books"], words: ["bookshop", "bookstore", "books", "kirjakauppa", "bokhandel"]),
        .init(label: "Florist", tags: ["shop=florist"], words: ["florist", "flowers", "kukkakauppa", "blomsteraffar", "blomsterhandel"]),
        .init(label: "Shopping centre", tags: ["shop=mall"],
              words: ["mall", "shopping centre", "shopping center", "shopping mall", "kauppakeskus", "ostoskeskus", "kopcentrum"]),
        .init(label: "Department store", tags: ["shop=department_store"], words: ["department store", "tavaratalo", "varuhus"]),
        .init(label: "Bicycle shop", tags: ["shop=bicycle"], words: ["bike shop", "bicycle shop", "pyorakauppa", "polkupyoraliike", "cykelaffar"]),
        .init(label: "Optician", tags: ["shop=optician"], words: ["optician", "optikko", "optiker"]),
        .init(label: "Hospital", tags: ["amenity=hospital", "healthcare=hospital"],
              words: ["hospital", "hospitals", "sairaala", "sairaalat", "sjukhus", "emergency room", "paivystys"]),
        .init(label: "Clinic", tags: ["amenity=clinic", "amenity=doctors", "healthcare=clinic", "healthcare=doctor", "healthcare=centre"],
              words: ["clinic", "doctor", "doctors", "health centre", "health center", "laakari", "laakariasema", "terveysasema",
                      "lakare", "vardcentral", "klinik"]),
        .init(label: "Dentist", tags: ["amenity=dentist", "healthcare=dentist"], words: ["dentist", "dentists", "hammaslaakari", "tandlakare"]),
        .init(label: "Veterinary", tags: ["amenity=veterinary"], words: ["vet", "veterinary", "elainlaakari", "veterinar", "djursjukhus"]),
        .init(label: "Police", tags: ["amenity=police"], words: ["police", "police station", "poliisi", "poliisiasema", "polis", "polisstation"]),
        .init(label: "Fire station", tags: ["amenity=fire_station"], words: ["fire station", "paloasema", "brandstation"]),
        .init(label: "Post office", tags: ["amenity=post_office"],
              words: ["post office", "post", "posti", "postitoimisto", "postkontor", "parcel", "parcel locker", "pakettiautomaatti"]),
        .init(label: "Post box", tags: ["amenity=post_box"], words: ["post box", "postbox", "mailbox", "postilaatikko", "brevlada"]),
        .init(label: "Library", tags: ["amenity=library"], words: ["library", "libraries", "kirjasto", "kirjastot", "bibliotek"]),
        .init(label: "School", tags: ["amenity=school"], words: ["school", "schools", "koulu", "koulut", "skola", "skolor"]),
        .init(label: "Kindergarten", tags: ["amenity=kindergarten"],
              words: ["kindergarten", "daycare", "nursery", "paivakoti", "paivakodit", "daghem", "forskola"]),
        .init(label: "University", tags: ["amenity=university", "amenity=college"],
              words: ["university", "college", "yliopisto", "korkeakoulu", "universitet", "hogskola"]),
        .init(label: "Fuel", tags: ["amenity=fuel"],
              words: ["fuel", "gas station", "petrol station", "filling station", "huoltoasema", "bensaasema", "bensiiniasema",
                      "bensa asema", "tankstation", "bensinstation"]),
        .init(label: "Charging station", tags: ["amenity=charging_station"],
              words: ["charging station", "ev charger", "charger", "latausasema", "latauspiste", "laddstation", "laddplats"]),
        .init(label: "Bicycle parking", tags: ["amenity=bicycle_parking"],
              words: ["bicycle parking", "bike parking", "bike rack", "pyoraparkki", "pyoratelineet", "cykelparkering", "cykelstall"]),
        .init(label: "Bicycle rental", tags: ["amenity=bicycle_rental"],
              words: ["bike rental", "bicycle rental", "city bike", "city bikes", "kaupunkipyora", "kaupunkipyorat",
                      "kaupunkipyoraasema", "stadscykel", "stadscyklar", "cykeluthyrning"]),
        .init(label: "Taxi", tags: ["amenity=taxi"], words: ["taxi", "taxis", "taxi stand", "taksi", "taksitolppa", "taxistation"]),
        .init(label: "Cinema", tags: ["amenity=cinema"],
              words: ["cinema", "cinemas", "movie theater", "movie theatre", "movies", "elokuvateatteri", "leffateatteri", "biograf"]),
        .init(label: "Theatre", tags: ["amenity=theatre"], words: ["theatre", "theater", "theatres", "teatteri", "teater"]),
        .init(label: "Nightclub", tags: ["amenity=nightclub"], words: ["nightclub", "yokerho", "nattklubb"]),
        .init(label: "Place of worship", tags: ["amenity=place_of_worship"],
              words: ["church", "churches", "place of worship", "mosque", "synagogue", "temple", "kirkko", "kirkot", "moskeija",
                      "synagoga", "temppeli", "kyrka", "kyrkor", "moske"]),
        .init(label: "Drinking water", tags: ["amenity=drinking_water"],
              words: ["drinking water", "water fountain", "water tap", "juomavesi", "juomapiste", "dricksvatten"]),
        .init(label: "Recycling", tags: ["amenity=recycling"],
              words: ["recycling", "recycling point", "kierratys", "kierratyspiste", "keraypiste", "atervinning", "atervinningsstation"]),
        .init(label: "Ice cream", tags: ["amenity=ice_cream"], words: ["ice cream", "jaatelo", "jaatelokioski", "glasskiosk"]),
        .init(label: "Marketplace", tags: ["amenity=marketplace"], words: ["marketplace", "market square", "torg"]),
        .init(label: "Town hall", tags: ["amenity=townhall"],
              words: ["town hall", "city hall", "kaupungintalo", "raatihuone", "stadshus", "radhus"]),
        .init(label: "Embassy", tags: ["amenity=embassy", "office=diplomatic"], words: ["embassy", "consulate", "suurlahetysto", "ambassad"]),
        .init(label: "Ferry terminal", tags: ["amenity=ferry_terminal"],
              words: ["ferry", "ferry terminal", "lautta", "lauttaterminaali", "matkustajasatama", "farja", "farjeterminal"]),
        .init(label: "Car rental", tags: ["amenity=car_rental"], words: ["car rental", "rent a car", "autovuokraamo", "biluthyrning"]),
        .init(label: "Car wash", tags: ["amenity=car_wash"], words: ["car wash", "autopesula", "biltvatt"]),
        .init(label: "Sauna", tags: ["leisure=sauna", "amenity=sauna"], words: ["sauna", "saunas", "yleinen sauna", "bastu"]),
        .init(label: "Hotel", tags: ["tourism=hotel", "tourism=motel"], words: ["hotel", "hotels", "motel", "hotelli", "hotellit", "hotell"]),
        .init(label: "Hostel", tags: ["tourism=hostel", "tourism=guest_house"],
              words: ["hostel", "hostels", "guest house", "retkeilymaja", "hostelli", "vandrarhem", "gastgiveri"]),
        .init(label: "Museum", tags: ["tourism=museum"], words: ["museum", "museums", "museo", "museot", "museet"]),
        .init(label: "Gallery", tags: ["tourism=gallery"], words: ["gallery", "art gallery", "galleria", "taidegalleria", "galleri"]),
        .init(label: "Viewpoint", tags: ["tourism=viewpoint"], words: ["viewpoint", "lookout", "nakoalapaikka", "utsiktsplats"]),
        .init(label: "Tourist information", tags: ["tourism=information"],
              words: ["tourist information", "information", "matkailuneuvonta", "turistinformation"]),
        .init(label: "Attraction", tags: ["tourism=attraction"], words: ["attraction", "attractions", "sight", "sights", "nahtavyys", "sevardhet"]),
        .init(label: "Campsite", tags: ["tourism=camp_site"], words: ["campsite", "camping", "leirintaalue", "campingplats"]),
        .init(label: "Zoo", tags: ["tourism=zoo"], words: ["zoo", "elaintarha", "djurpark"]),
        .init(label: "Park", tags: ["leisure=park"], words: ["park", "parks", "puisto", "puistot", "parken"]),
        .init(label: "Playground", tags: ["leisure=playground"], words: ["playground", "leikkipuisto", "leikkikentta", "lekplats"]),
        .init(label: "Gym", tags: ["leisure=fitness_centre", "leisure=sports_centre"],
              words: ["gym", "fitness", "fitness centre", "sports centre", "sports center", "kuntosali", "urheiluhalli",
                      "liikuntakeskus", "idrottshall", "gym"]),
        .init(label: "Swimming pool", tags: ["leisure=swimming_pool", "leisure=water_park", "sport=swimming"],
              words: ["swimming pool", "swimming hall", "uimahalli", "uimala", "maauimala", "simhall", "badhus", "simbassang"]),
        .init(label: "Sports pitch", tags: ["leisure=pitch"], words: ["pitch", "sports field", "urheilukentta", "idrottsplan"]),
        .init(label: "Dog park", tags: ["leisure=dog_park"], words: ["dog park", "koirapuisto", "hundpark", "hundrastgard"]),
        .init(label: "Beach", tags: ["leisure=beach_resort"], words: ["beach", "uimaranta", "badstrand"]),
        .init(label: "Bus stop", tags: ["highway=bus_stop"], words: ["bus stop", "bus stops", "bussipysakki", "pysakki", "busshallplats", "hallplats"]),
        .init(label: "Tram stop", tags: ["railway=tram_stop"],
              words: ["tram stop", "raitiovaunupysakki", "ratikkapysakki", "sparvagnshallplats"]),
        .init(label: "Station", tags: ["railway=station", "public_transport=station"],
              words: ["station", "train station", "railway station", "rautatieasema", "asema", "juna asema", "junaasema",
                      "jarnvagsstation", "tagstation"]),
        .init(label: "Metro station", tags: ["station=subway"],
              words: ["metro", "metro station", "subway", "subway station", "metroasema", "tunnelbana", "tunnelbanestation"]),
        .init(label: "Airport", tags: ["aeroway=aerodrome"], words: ["airport", "lentoasema", "lentokentta", "flygplats"]),
        .init(label: "Defibrillator", tags: ["emergency=defibrillator"], words: ["defibrillator", "aed", "sydaniskuri", "defibrillaattori", "hjartstartare"]),
    ]

    /// Folded word or phrase → the tags it stands for.
    static let tagsByWord: [String: [String]] = {
        var map: [String: [String]] = [:]
        for category in all {
            for word in category.words {
                for tag in category.tags where !(map[word] ?? []).contains(tag) { map[word, default: []].append(tag) }
            }
        }
        return map
    }()

    /// Tags a category search looks for, or nil when the text names no category.
    static func tags(for key: String) -> [String]? { tagsByWord[key] }

    /// Every tag some word stands for: places with one of these are kept even without a name.
    public static let searchableTags: Set<String> = Set(all.flatMap(\.tags))

    /// The label of the first category with one of `tags` ("Toilets").
    static func label(for tags: [String]) -> String? {
        guard !tags.isEmpty else { return nil }  // most untagged-name nodes: no category to scan for
        return all.first { $0.tags.contains(where: tags.contains) }?.label
    }
}
