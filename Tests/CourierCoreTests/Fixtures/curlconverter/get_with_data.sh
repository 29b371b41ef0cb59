curl -v -H 'X-Api-Key:123456789' 'http://localhost:28139/synthetics/api/v3/monitors?test=2' -G -d 'limit=100' -d 'w=4'
