enum FerryKitPlaceholder {}
