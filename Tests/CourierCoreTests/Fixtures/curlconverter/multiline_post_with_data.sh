curl -X GET 'http://localhost:28139/echo/html/' \
    -H 'Origin: http://fiddle.jshell.net' \
    -d msg1="value1" \
    -d msg2="value2"
