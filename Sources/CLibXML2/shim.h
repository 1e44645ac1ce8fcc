/* Debian's libxml2 is built with ICU, whose headers clash with the ICU copy inside Swift's
   Foundation. RouteIt never touches libxml2's encoding handlers (the only ICU-typed structure),
   so their ICU fields are left out of this view of the headers. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <string.h>

/* The first error libxml2 reports while a reader reads, copied out of its callback (the
   callback's signature differs between libxml2 versions, so it lives here, not in Swift). */
typedef struct {
    xmlTextReaderPtr reader;
    int isSet;
    int code;
    int line;
    long byteOffset;
    char message[200];
} RouteItXMLError;

#if LIBXML_VERSION >= 21200
static inline void routeit_xml_record_error(void *context, const xmlError *error) {
#else
static inline void routeit_xml_record_error(void *context, xmlErrorPtr error) {
#endif
    RouteItXMLError *out = (RouteItXMLError *)context;
    if (out == NULL || error == NULL || out->isSet || error->level < XML_ERR_ERROR) return;
    out->isSet = 1;
    out->code = error->code;
    out->line = error->line;
    out->byteOffset = out->reader != NULL ? xmlTextReaderByteConsumed(out->reader) : -1;
    out->message[0] = 0;
    if (error->message != NULL) {
        strncpy(out->message, error->message, sizeof(out->message) - 1);
        out->message[sizeof(out->message) - 1] = 0;
    }
}

/* Sends the reader's errors to `out` instead of stderr. */
static inline void routeit_xml_capture_errors(xmlTextReaderPtr reader, RouteItXMLError *out) {
    out->reader = reader;
    out->isSet = 0;
    xmlTextReaderSetStructuredErrorHandler(reader, routeit_xml_record_error, out);
}
