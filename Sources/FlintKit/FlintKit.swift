@_exported import Queries
