/// Ferry's version, shown by `ferry --version` and `ferryd --version`, and written into the .deb.
public enum FerryVersion {
    public static let string = "0.1.0"
}
