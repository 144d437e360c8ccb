/// Exit codes (README "Rules": Errors): 0 success; 1 invalid document,
/// unreadable input or failed render; 64 usage error (sysexits EX_USAGE).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}
