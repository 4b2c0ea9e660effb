# The Python module `tropic` (docs/python.md): the extension tropic._tropic (src/python/, nanobind)
# over libtropic, and the package python/tropic/ around it.
#
# TROPIC_PYTHON=AUTO builds it when CMake finds Python's development files (Development.Module)
# and nanobind (asked of that Python: `python -m nanobind --cmake_dir`); ON requires them; OFF
# leaves it out. The interpreter is Python_EXECUTABLE; unset, the project's .venv (scripts/setup)
# when there is one. A sanitizer build leaves the module out under AUTO: a sanitized extension
# cannot be loaded by an interpreter that is not.
#
# The build tree holds the package ready to import, ${TROPIC_PYTHON_STAGE}/tropic: links to
# python/tropic/'s files beside the extension and its stub _tropic.pyi, so that the tests
# (tests/python/) import what was just built. `pip install .` (pyproject.toml, scikit-build-core)
# builds the target tropic_python and installs the component `python`.
set(TROPIC_PYTHON AUTO CACHE STRING "Build the Python module tropic._tropic: AUTO, ON or OFF")
set_property(CACHE TROPIC_PYTHON PROPERTY STRINGS AUTO ON OFF)
set(TROPIC_PYTHON_STAGE ${PROJECT_BINARY_DIR}/python)
set(TROPIC_WITH_PYTHON OFF)

# Looks for Python and nanobind (at the file's scope, where nanobind's functions find Python's
# variables); sets tropic_python_missing to why the module cannot be built, or "" when it can.
macro(tropic_find_python_module)
  set(tropic_python_missing "")
  if(TROPIC_SANITIZE AND TROPIC_PYTHON STREQUAL "AUTO")
    set(tropic_python_missing "a sanitizer build")
  endif()
  if(tropic_python_missing STREQUAL "")
    if(NOT DEFINED Python_EXECUTABLE AND EXISTS ${PROJECT_SOURCE_DIR}/.venv/bin/python)
      set(Python_EXECUTABLE ${PROJECT_SOURCE_DIR}/.venv/bin/python CACHE FILEPATH
          "The Python interpreter of the module and its tests")
    endif()
    find_package(Python 3.9 COMPONENTS Interpreter Development.Module)
    if(NOT Python_Development.Module_FOUND)
      set(tropic_python_missing "no Python development files (python3-dev)")
    endif()
  endif()
  if(tropic_python_missing STREQUAL "")
    execute_process(COMMAND ${Python_EXECUTABLE} -m nanobind --cmake_dir
                    OUTPUT_VARIABLE tropic_nanobind_dir OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE tropic_nanobind_missing ERROR_QUIET)
    if(tropic_nanobind_missing)
      set(tropic_python_missing "no nanobind in ${Python_EXECUTABLE} (pip install nanobind)")
    else()
      find_package(nanobind CONFIG PATHS ${tropic_nanobind_dir} NO_DEFAULT_PATH)
      if(NOT nanobind_FOUND)
        set(tropic_python_missing "nanobind's CMake files not found in ${tropic_nanobind_dir}")
      endif()
    endif()
  endif()
endmacro()

# The extension, its stub and the staged package.
function(tropic_add_python_module)
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/python/*.cpp)
  # The tool's build report, compiled in too: `python -m tropic --version` prints the same text.
  list(APPEND sources ${PROJECT_SOURCE_DIR}/src/cli/build_report.cpp)
  # NOMINSIZE: the conversions of large batches run at the project's -O3, not nanobind's -Os.
  nanobind_add_module(tropic_python NB_STATIC NOMINSIZE ${sources})
  set_target_properties(tropic_python PROPERTIES OUTPUT_NAME _tropic
                        LIBRARY_OUTPUT_DIRECTORY ${TROPIC_PYTHON_STAGE}/tropic)
  tropic_private_link(python python ${PROJECT_SOURCE_DIR}/src/python)
  target_include_directories(tropic_python PRIVATE ${TROPIC_PRIVATE_ROOT}/python
                                                   ${TROPIC_PRIVATE_ROOT}/cli)
  tropic_project_code(tropic_python)
  target_link_libraries(tropic_python PRIVATE tropic_lib nlohmann_json::nlohmann_json)
  # pip's build (scikit-build-core) reads CMake's code model, which evaluates the CUDA dialect of
  # libtropic's device objects too; CMake 3.25 does not know nvcc 13's C++20 flag, which the
  # project passes itself (tropic_project_code), so the dialect must not be required there either.
  set_property(TARGET tropic_lib PROPERTY CUDA_STANDARD_REQUIRED OFF)
  # The library's shared dependencies (htslib, Rmath) are found where the build found them.
  set_target_properties(tropic_python PROPERTIES INSTALL_RPATH "${CMAKE_BUILD_RPATH}")

  file(GLOB package_files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/tropic/*.py
       ${PROJECT_SOURCE_DIR}/python/tropic/py.typed)
  file(MAKE_DIRECTORY ${TROPIC_PYTHON_STAGE}/tropic)
  foreach(file ${package_files})
    get_filename_component(name ${file} NAME)
    file(CREATE_LINK ${file} ${TROPIC_PYTHON_STAGE}/tropic/${name} SYMBOLIC)
  endforeach()

  # The stub is read from the extension imported alone (as `_tropic`, the same stub): importing
  # tropic._tropic would run the package's __init__.py, which needs numpy, and pip's isolated
  # build environment has none.
  nanobind_add_stub(tropic_python_stub MODULE _tropic
                    OUTPUT ${TROPIC_PYTHON_STAGE}/tropic/_tropic.pyi
                    PYTHON_PATH ${TROPIC_PYTHON_STAGE}/tropic DEPENDS tropic_python)

  install(TARGETS tropic_python LIBRARY DESTINATION tropic COMPONENT python)
  install(FILES ${TROPIC_PYTHON_STAGE}/tropic/_tropic.pyi DESTINATION tropic COMPONENT python)
endfunction()

if(NOT TROPIC_PYTHON STREQUAL "OFF")
  tropic_find_python_module()
  if(tropic_python_missing STREQUAL "")
    set(TROPIC_WITH_PYTHON ON)
    tropic_add_python_module()
    message(STATUS "tropic: Python module tropic._tropic for ${Python_EXECUTABLE}")
  elseif(TROPIC_PYTHON STREQUAL "ON")
    message(FATAL_ERROR "TROPIC_PYTHON=ON, but ${tropic_python_missing}")
  else()
    message(STATUS "tropic: no Python module: ${tropic_python_missing}")
  endif()
endif()

# The module's tests (tests/python/, pytest): one test per file, label `python`, run by the
# module's interpreter against the package staged in the build tree, with the tool beside it for
# comparisons (TROPIC_CLI). They are registered whenever the module is not switched off, so that
# a module that was not built fails them (conftest.py imports it) rather than skipping.
function(tropic_add_python_tests)
  if(TROPIC_PYTHON STREQUAL "OFF")
    return()
  endif()
  set(python ${Python_EXECUTABLE})
  if(NOT python)
    set(python ${Python3_EXECUTABLE})
  endif()
  file(GLOB tests CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/python/test_*.py)
  foreach(file ${tests})
    get_filename_component(name ${file} NAME_WE)
    add_test(NAME python.${name}
             COMMAND ${python} -m pytest -q -p no:cacheprovider ${file}
             WORKING_DIRECTORY ${PROJECT_BINARY_DIR})
    set_tests_properties(python.${name} PROPERTIES LABELS python TIMEOUT 900 ENVIRONMENT
      "PYTHONPATH=${TROPIC_PYTHON_STAGE};PYTHONDONTWRITEBYTECODE=1;TROPIC_CLI=$<TARGET_FILE:tropic>;TROPIC_SOURCE_DIR=${PROJECT_SOURCE_DIR};TROPIC_PYTHON_STAGE=${TROPIC_PYTHON_STAGE}")
  endforeach()
endfunction()
