enum FerryDaemonPlaceholder {}
