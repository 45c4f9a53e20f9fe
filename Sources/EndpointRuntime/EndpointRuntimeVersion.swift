/// Names the version of the contract between generated code and this runtime.
///
/// Every file that endpoint-gen writes refers to this type, so code generated for another
/// version of the runtime fails to compile with a clear message instead of misbehaving.
public enum EndpointRuntimeVersion1 {}
