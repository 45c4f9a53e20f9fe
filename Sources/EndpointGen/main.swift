// The endpoint-gen command line. (Being built.)
print("endpoint-gen")
