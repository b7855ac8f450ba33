@_exported import Destinations
