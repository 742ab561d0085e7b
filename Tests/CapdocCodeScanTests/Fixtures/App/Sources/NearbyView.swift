import CoreLocationUI
import SwiftUI

/// Nested as deeply as real SwiftUI views get: deeper than a debug build of swift-syntax parses
/// by default, so a scanner that kept the default would miss the button.
struct NearbyView: View {
    @State private var model = NearbyModel()

    var body: some View {
        NavigationStack {
            GeometryReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 8) {
                        ForEach(model.places) { place in
                            ViewThatFits(in: .horizontal) {
                                HStack(alignment: .top) {
                                    VStack(alignment: .leading) {
                                        Text(place.name)
                                        if place.isOpen {
                                            Group {
                                                ZStack {
                                                    Color.clear.overlay(alignment: .bottom) {
                                                        HStack {
                                                            VStack(spacing: 4) {
                                                                LocationButton(.currentLocation) {
                                                                    Task { @MainActor in
                                                                        withAnimation(.easeInOut(duration: Double(place.name.count) / 10)) {
                                                                            model.locate(place: place.name)
                                                                        }
                                                                    }
                                                                }
                                                            }
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                .frame(width: proxy.size.width)
            }
        }
        .task { model.start() }
    }
}

@Observable
final class NearbyModel {
    struct Place: Identifiable {
        let name: String
        let isOpen: Bool
        var id: String { name }
    }

    var places: [Place] = []
    private let manager = CLLocationManager()

    func start() { manager.requestWhenInUseAuthorization() }
    func locate(place: String) { manager.requestLocation() }
}
