import Titanium

/// The titanium scene's settings are its parameters, kept in their own file.
extension TitaniumParameters: StoredSettings {
    static let fileName = "titanium.json"
}
