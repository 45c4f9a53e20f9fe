/// Names the version of the contract between generated code and this runtime.
///
/// Every file that endpoint-gen writes refers to this type, so code generated for another
/// version of the runtime fails to compile with a clear message instead of misbehaving.
/// Version 2 is the shape of spec format version 2: typed endpoint values, one `Call` enum per
/// API, models nested in the API's namespace, shared ``APIDefaults``.
public enum EndpointRuntimeVersion2 {}
