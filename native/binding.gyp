# Two products, both in build/<config>/: the addon, and the staging helper that the addon finds
# next to its own .node file (native/src/staged.cc).
{
  'targets': [
    {
      'target_name': 'quirl_native',
      'sources': [
        'src/addon.cc',
        'src/blocking-io.cc',
        'src/errors.cc',
        'src/exec.cc',
        'src/fds.cc',
        'src/limits.cc',
        'src/look-ahead.cc',
        'src/placement.cc',
        'src/preparing.cc',
        'src/process.cc',
        'src/signals.cc',
        'src/spawn.cc',
        'src/staged.cc',
        'src/threads.cc',
        'src/tty.cc',
        'src/wait.cc',
      ],
      'dependencies': ["<!(node -p \"require('node-addon-api').targets\"):node_addon_api_except"],
      'defines': ['NAPI_VERSION=8', 'NODE_ADDON_API_DISABLE_DEPRECATED'],
      'cflags_cc': ['-std=c++17', '-Wall', '-Wextra'],
      'conditions': [
        # dladdr lives in libdl before glibc 2.34; linking it is harmless afterwards.
        ["OS=='linux'", {'libraries': ['-ldl']}],
        ["OS=='mac'", {
          'xcode_settings': {
            'CLANG_CXX_LANGUAGE_STANDARD': 'c++17',
            'MACOSX_DEPLOYMENT_TARGET': '10.15',
            'WARNING_CFLAGS': ['-Wall', '-Wextra', '-Wshadow'],
          },
        }],
      ],
    },
    {
      'target_name': 'quirl-stage',
      'type': 'executable',
      'sources': ['src/stage.c'],
      'cflags': ['-std=c11', '-Wall', '-Wextra', '-Wshadow'],
      'conditions': [
        # Linked statically, it execs without the dynamic loader; where stage-sys.h has raw system
        # calls, without any C library (no libc start-up per exec). macOS has no static libc.
        ["OS=='linux' and target_arch in ('x64', 'arm64')", {
          'defines': ['QUIRL_STAGE_NOLIBC=1'],
          # The compiler may still call memset/memcpy (stage.c defines them) and must not turn
          # their own loops back into such calls.
          'cflags': ['-ffreestanding', '-fno-stack-protector', '-fno-tree-loop-distribute-patterns', '-fno-asynchronous-unwind-tables'],
          'ldflags': ['-static', '-nostdlib'],
        }],
        ["OS=='linux' and target_arch not in ('x64', 'arm64')", {'ldflags': ['-static']}],
        ["OS=='mac'", {
          'xcode_settings': {
            'GCC_C_LANGUAGE_STANDARD': 'c11',
            'MACOSX_DEPLOYMENT_TARGET': '10.15',
            'WARNING_CFLAGS': ['-Wall', '-Wextra', '-Wshadow'],
          },
        }],
      ],
    },
  ],
}
