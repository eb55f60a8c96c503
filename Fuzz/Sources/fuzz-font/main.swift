import FuzzDriver

// libFuzzer's loop, entered through LLVMFuzzerRunDriver rather than libFuzzer's own main:
// SwiftPM links an executable's entry point as main (see FuzzDriver).
FuzzDriver.run(.font)
