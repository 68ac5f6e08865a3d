# fuzz.cmake - the fuzz targets (tests/fuzz/fuzz_<target>.c).
#
# Ordinary builds link each target with replay_main.c and add a CTest test fuzz/<target> that runs
# it once on every file of tests/fuzz/corpus/<target>/ (the CI smoke run; crashes found earlier
# are kept there as regressions) and of the target's seed folders: for fuzz_script the test
# scripts and examples themselves (tests/lua, tests/fails, examples), read in place, not copied.
#
# -DTILELUA_FUZZ=ON (with clang and -DTILELUA_SANITIZE=ON) links them with libFuzzer instead and
# instruments the core for coverage:
#   CC=clang-14 cmake -S . -B build-fuzz -DTILELUA_FUZZ=ON -DTILELUA_SANITIZE=ON
#   build-fuzz/tests/fuzz_script -runs=1000000 -max_len=4096 tests/fuzz/corpus/fuzz_script \
#     tests/lua tests/fails examples
# (libFuzzer writes what it finds into the first folder only.)
option(TILELUA_FUZZ "Build the fuzz targets with libFuzzer (clang, with TILELUA_SANITIZE)" OFF)

set(fuzz_dir ${CMAKE_CURRENT_LIST_DIR})
set(fuzz_seeds_fuzz_script ${PROJECT_SOURCE_DIR}/tests/lua ${PROJECT_SOURCE_DIR}/tests/fails ${PROJECT_SOURCE_DIR}/examples)
file(GLOB fuzz_sources CONFIGURE_DEPENDS ${fuzz_dir}/fuzz_*.c)
if(TILELUA_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "TILELUA_FUZZ needs clang (libFuzzer): configure with CC=clang-14")
  endif()
  if(NOT TILELUA_SANITIZE)
    message(FATAL_ERROR "TILELUA_FUZZ needs -DTILELUA_SANITIZE=ON (AddressSanitizer + UBSan)")
  endif()
  target_compile_options(tilelua_core PRIVATE -fsanitize=fuzzer-no-link)
endif()
foreach(src IN LISTS fuzz_sources)
  get_filename_component(name ${src} NAME_WE)
  if(TILELUA_FUZZ)
    add_executable(${name} ${src})
    target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${name} ${src} ${fuzz_dir}/replay_main.c)
  endif()
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_BINARY_DIR}/generated)
  target_link_libraries(${name} PRIVATE tilelua_static)
  # with libFuzzer, -runs=0 runs every corpus input once and stops (a directory alone would be
  # fuzzed without end)
  if(TILELUA_FUZZ)
    add_test(NAME fuzz/${name} COMMAND ${name} -runs=0 -close_fd_mask=1 ${fuzz_dir}/corpus/${name} ${fuzz_seeds_${name}})
  else()
    add_test(NAME fuzz/${name} COMMAND ${name} ${fuzz_dir}/corpus/${name} ${fuzz_seeds_${name}})
  endif()
  set_tests_properties(fuzz/${name} PROPERTIES LABELS fuzz)
endforeach()
