import FerryCommands

Ferry.runMain()
