#ifndef STORAGE_RULES_CPCRE2_SHIM_H
#define STORAGE_RULES_CPCRE2_SHIM_H
// PCRE2 needs its code unit width chosen before the header is included;
// the engine matches UTF-8 text, so the 8-bit library is the one we link.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
