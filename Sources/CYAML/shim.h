#ifndef CYAML_SHIM_H
#define CYAML_SHIM_H

// libyaml from Debian's libyaml-dev: only the parser's event API (yaml_parser_parse) is used,
// to read rule-test suites written in YAML (FlintKit/Suites/YAMLReader.swift).
#include <yaml.h>

#endif
