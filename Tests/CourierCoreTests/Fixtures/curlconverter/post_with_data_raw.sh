curl 'http://localhost:28139/post' --data-ascii 'msg1=wow&msg2=such&msg3=@rawmsg'
