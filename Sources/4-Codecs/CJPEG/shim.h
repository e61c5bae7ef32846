#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <jpeglib.h>
